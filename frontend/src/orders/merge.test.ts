import { expect } from 'chai';
import { appendOperatorPage, mergeOperatorOrder, newerOrder } from './merge';
import { operatorOrderFixture, orderFixture } from './testing/fixtures';

describe('order versions', () => {
  it('keeps the copy with the higher version whichever arrives first', () => {
    const v1 = orderFixture({ version: 1 });
    const v2 = orderFixture({ version: 2, status: 'progress' });
    expect(newerOrder(v1, v2)).to.equal(v2);
    expect(newerOrder(v2, v1)).to.equal(v2);
  });

  it('keeps the current copy on a tie and when nothing new arrives', () => {
    const current = orderFixture({ version: 3 });
    expect(newerOrder(current, orderFixture({ version: 3 }))).to.equal(current);
    expect(newerOrder(current, null)).to.equal(current);
    expect(newerOrder(null, undefined)).to.equal(null);
  });

  it('takes the incoming copy of another order', () => {
    const other = orderFixture({ uid: 'OTHER', version: 1 });
    expect(newerOrder(orderFixture({ version: 9 }), other)).to.equal(other);
  });
});

describe('operator list merging', () => {
  const a = operatorOrderFixture({ uid: 'A', version: 1 });
  const b = operatorOrderFixture({ uid: 'B', version: 4 });

  it('puts a new order on top', () => {
    const c = operatorOrderFixture({ uid: 'C' });
    expect(mergeOperatorOrder([a, b], c, '').map((order) => order.uid)).to.deep.equal(['C', 'A', 'B']);
  });

  it('replaces a listed order in place when the change is newer, and ignores older changes', () => {
    const changed = { ...b, version: 5, status: 'progress' as const };
    expect(mergeOperatorOrder([a, b], changed, '')).to.deep.equal([a, changed]);
    expect(mergeOperatorOrder([a, changed], b, '')).to.deep.equal([a, changed]);
  });

  it('adds a new order only when it passes the status filter, but keeps listed ones that leave it', () => {
    const progress = operatorOrderFixture({ uid: 'C', status: 'progress' });
    expect(mergeOperatorOrder([a], progress, 'new')).to.deep.equal([a]);
    const moved = { ...a, version: 2, status: 'progress' as const };
    expect(mergeOperatorOrder([a], moved, 'new')).to.deep.equal([moved]);
  });

  it('appends an older page without repeating orders already listed', () => {
    const c = operatorOrderFixture({ uid: 'C' });
    expect(appendOperatorPage([c, a], [a, b]).map((order) => order.uid)).to.deep.equal(['C', 'A', 'B']);
  });
});

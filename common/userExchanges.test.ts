import { expect } from 'chai';
import { HISTORY_FILTERS, ORDER_STATUSES } from './enums';
import { HISTORY_FILTER_STATUSES, historyFilterOf, repeatExchangePath } from './userExchanges';

describe('common: the history filters', () => {
  it('puts every status under exactly one filter besides all, and all lists every status', () => {
    expect([...HISTORY_FILTER_STATUSES.all].sort()).to.deep.equal([...ORDER_STATUSES].sort());
    for (const status of ORDER_STATUSES) {
      const filters = HISTORY_FILTERS.filter((filter) => filter !== 'all' && HISTORY_FILTER_STATUSES[filter].includes(status));
      expect(filters, status).to.deep.equal([historyFilterOf(status)]);
    }
  });

  it('maps the spec groups: paid work in progress, the rest one to one', () => {
    expect(ORDER_STATUSES.map((status) => [status, historyFilterOf(status)])).to.deep.equal([
      ['new', 'new'],
      ['progress', 'inProgress'],
      ['done', 'done'],
      ['hold', 'inProgress'],
      ['warning', 'inProgress'],
      ['error', 'inProgress'],
      ['returned', 'returned'],
      ['deleted', 'deleted'],
    ]);
  });

  it('repeats an exchange on the home widget with the pair and the amount sent', () => {
    expect(repeatExchangePath({ from: { code: 'BTC' }, to: { code: 'SBERRUB' }, amountSend: '0.015' } as never)).to.equal('/?from=BTC&to=SBERRUB&amount=0.015');
  });
});

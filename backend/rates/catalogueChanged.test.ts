import { expect } from 'chai';
import { catalogueChangeScope, reserveChangeMessage } from './catalogueChanged';

describe('catalogue change messages', () => {
  it('narrows a payout\'s reserve change to the reserves', () => {
    expect(reserveChangeMessage('BTC')).to.equal('{"reserve":"BTC"}');
    expect(catalogueChangeScope(reserveChangeMessage('BTC'))).to.equal('reserves');
  });

  it('takes anything else for a change of the whole catalogue', () => {
    for (const message of ['BTC', '', '[]', 'null', '{"reserve":5}', '{"reserve":"BTC","direction":"BTC>ETH"}', '{"asset":"BTC"}', '{"direction":7}', '{']) {
      expect(catalogueChangeScope(message), message).to.equal('all');
    }
  });
});

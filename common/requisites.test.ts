import { expect } from 'chai';
import { cardExpired, cardNumberDigits, formatExpiry, maskCard, maskWallet, requisiteAssetFits } from './requisites';

describe('saved requisites: rules both sides share', () => {
  it('takes card digits written with spaces or dashes, 13 to 19 of them', () => {
    expect(cardNumberDigits('4111 1111-1111 1111')).to.equal('4111111111111111');
    expect(cardNumberDigits('4111 1111')).to.equal(null);
    expect(cardNumberDigits('4111 1111 1111 111x')).to.equal(null);
  });

  it('shows a card by its last four digits only, a long wallet by its ends', () => {
    expect(maskCard('4111111111111111')).to.equal('•••• 1111');
    expect(maskWallet('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh')).to.equal('bc1qxy…0wlh');
    expect(maskWallet('short')).to.equal('short');
  });

  it('keeps a card valid through the last day of its expiry month (UTC)', () => {
    expect(formatExpiry(3, 2027)).to.equal('03/27');
    expect(cardExpired(3, 2027, new Date('2027-03-31T23:59:59Z'))).to.equal(false);
    expect(cardExpired(3, 2027, new Date('2027-04-01T00:00:00Z'))).to.equal(true);
    expect(cardExpired(12, 2027, new Date('2028-01-01T00:00:00Z'))).to.equal(true);
  });

  it('saves cards on bank-card assets, wallets on the others but cash', () => {
    expect(requisiteAssetFits('card', { code: 'SBERRUB', type: 'fiat' })).to.equal(true);
    expect(requisiteAssetFits('card', { code: 'SBPRUB', type: 'fiat' })).to.equal(false);
    expect(requisiteAssetFits('wallet', { code: 'SBPRUB', type: 'fiat' })).to.equal(true);
    expect(requisiteAssetFits('wallet', { code: 'BTC', type: 'coin' })).to.equal(true);
    expect(requisiteAssetFits('wallet', { code: 'CASHRUBMSK', type: 'cash' })).to.equal(false);
    expect(requisiteAssetFits('wallet', { code: 'SBERRUB', type: 'fiat' })).to.equal(false);
  });
});

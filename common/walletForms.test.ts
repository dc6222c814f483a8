import { expect } from 'chai';
import fc from 'fast-check';
import { SEED_COINS } from '../db/seeders/catalogue-assets';
import { demoPaymentAccount, DEMO_WALLETS } from '../db/seeders/payment-details';
import { walletCurrency, type AssetDto } from './catalogue';
import { accountProblem } from './paymentDetails';
import { segwitAddress, segwitAddressValid, walletChain, walletFits, WALLET_FORMS } from './walletForms';

const coin = (currency: string, network: string | null = null) => ({ type: 'coin' as const, currency, network });

describe('wallet address forms (common/walletForms.ts)', () => {
  it('takes real addresses of each chain', () => {
    const real: Array<[ReturnType<typeof coin>, string]> = [
      [coin('BTC'), 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh'],
      [coin('BTC'), '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
      [coin('BTC'), '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
      // BIP 173's upper-case vector and BIP 350's taproot (bech32m) one.
      [coin('BTC'), 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4'],
      [coin('BTC'), 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'],
      [coin('ETH'), '0x52908400098527886E0F7030069857D2E4169EE7'],
      [coin('USDT', 'ERC20'), '0xde709f2102306220921060314715629080e2fb77'],
      [coin('USDT', 'TRC20'), 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL'],
      [coin('TRX'), 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE'],
      [coin('LTC'), 'LaMT348PWRnrqeeWArpwQPbuanpXDZGEUz'],
      [coin('DOGE'), 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L'],
      [coin('XRP'), 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh'],
      [coin('XRP'), 'X7AcgcsBL6XDcUb289X4mJ8djcdyKaB5hJDWMArnXr61cqZ'],
      [coin('XLM'), 'GCEZWKCA5VLDNRLN3RPRJMRZOX3Z6G5CHCGSNFHEYVXM3XOJMDS674JZ'],
      [coin('SOL'), '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'],
      [coin('TON'), 'UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG'],
      [coin('USDT', 'TON'), 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N'],
      [coin('USDC', 'POLYGON'), '0x52908400098527886E0F7030069857D2E4169EE7'],
      [coin('ATOM'), 'cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02'],
      [coin('DOT'), '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'],
    ];
    for (const [asset, address] of real) expect(walletFits(asset, address), `${asset.network ?? asset.currency} ${address}`).to.equal(true);
  });

  it('refuses an address of another network, a cut one, a mistyped bech32 one and one in mixed case', () => {
    const wrong: Array<[ReturnType<typeof coin>, string]> = [
      [coin('USDT', 'TRC20'), '0x52908400098527886E0F7030069857D2E4169EE7'],
      [coin('USDT', 'ERC20'), 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL'],
      [coin('BTC'), '0x52908400098527886E0F7030069857D2E4169EE7'],
      [coin('ETH'), '0x52908400098527886E0F7030069857D2E4169EE'],
      [coin('BTC'), 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlj'],
      [coin('BTC'), 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wLh'],
      [coin('BTC'), 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjh'],
      [coin('LTC'), 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh'],
      [coin('USDT', 'TRC20'), 'TXa1b2c3d4e5f6g7h8i9j0k1l2m3n4o59fQz'],
      [coin('XRP'), 'r0b8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh'],
    ];
    for (const [asset, address] of wrong) expect(walletFits(asset, address), `${asset.network ?? asset.currency} ${address}`).to.equal(false);
  });

  it('a single changed character of a bech32 address breaks its checksum', () => {
    const address = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
    const charset = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
    fc.assert(
      fc.property(fc.integer({ min: 4, max: address.length - 1 }), fc.constantFrom(...charset), (index, char) => {
        fc.pre(address[index] !== char);
        const changed = address.slice(0, index) + char + address.slice(index + 1);
        expect(segwitAddressValid('bc', changed)).to.equal(false);
      }),
    );
  });

  it('writes a segwit address its own check takes, and the known address from its program', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.constantFrom('bc', 'ltc'), (program, hrp) => {
        expect(segwitAddressValid(hrp, segwitAddress(hrp, program))).to.equal(true);
      }),
    );
    // BIP 173: the program 751e76e8199196d454941c45d1b3a323f1433bd6 is bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4.
    expect(segwitAddress('bc', Uint8Array.from(Buffer.from('751e76e8199196d454941c45d1b3a323f1433bd6', 'hex')))).to.equal('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
  });

  it('a chain it does not know keeps the general rule: no spaces inside', () => {
    expect(walletChain(coin('ZQX'))).to.equal(null);
    expect(walletFits(coin('ZQX'), 'any-address-0001')).to.equal(true);
    expect(walletFits(coin('ZQX'), 'any address')).to.equal(false);
    expect(walletChain({ type: 'fiat', currency: 'RUB', network: null })).to.equal(null);
  });

  it('knows every coin of the demo catalogue, and the demo payment wallets fit their coins', () => {
    for (const asset of SEED_COINS) expect(walletChain(asset), asset.code).to.not.equal(null);
    for (const chain of Object.keys(DEMO_WALLETS)) expect(Object.hasOwn(WALLET_FORMS, chain), chain).to.equal(true);
    for (const asset of SEED_COINS) {
      const account = demoPaymentAccount(asset).account;
      expect(walletFits(asset, account), `${asset.code} ${account}`).to.equal(true);
    }
  });
});

describe('walletCurrency (common/catalogue.ts)', () => {
  it("names a token's network, and a native coin by its currency alone", () => {
    expect(walletCurrency(coin('USDT', 'TRC20'))).to.equal('USDT (TRC20)');
    expect(walletCurrency(coin('BTC'))).to.equal('BTC');
    expect(walletCurrency(coin('BTC', 'BTC'))).to.equal('BTC');
    expect(walletCurrency({ type: 'fiat', currency: 'RUB', network: null })).to.equal('RUB');
  });
});

describe('accountProblem (common/paymentDetails.ts)', () => {
  const asset = (fields: Partial<AssetDto>) => ({ code: 'X', type: 'coin' as const, currency: 'USDT', network: 'TRC20', ...fields });

  it('names the network a wallet does not fit', () => {
    expect(accountProblem(asset({}), '0x52908400098527886E0F7030069857D2E4169EE7')).to.deep.equal({ key: 'validation.wallet_network', values: { network: 'TRC20' } });
    expect(accountProblem(asset({ network: null, currency: 'BTC' }), 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL')).to.deep.equal({
      key: 'validation.wallet_network',
      values: { network: 'BTC' },
    });
    expect(accountProblem(asset({}), 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL')).to.equal(true);
  });

  it('says a card number is wrong when Luhn refuses it, and lets other accounts through', () => {
    expect(accountProblem(asset({ code: 'SBERRUB', type: 'fiat', network: null, currency: 'RUB' }), '4111 1111 1111 1112')).to.deep.equal({ key: 'validation.card_number' });
    expect(accountProblem(asset({ code: 'SBERRUB', type: 'fiat', network: null, currency: 'RUB' }), '4111 1111 1111 1111')).to.equal(true);
    expect(accountProblem(asset({ code: 'SBERRUB', type: 'fiat', network: null, currency: 'RUB' }), 'Ivan Petrov')).to.deep.equal({ key: 'validation.account' });
    expect(accountProblem(asset({ code: 'SBPRUB', type: 'fiat', network: null, currency: 'RUB' }), '+79991234567')).to.equal(true);
    expect(accountProblem(asset({ code: 'CASHRUBMSK', type: 'cash', network: null, currency: 'RUB' }), 'anything')).to.equal(true);
  });
});

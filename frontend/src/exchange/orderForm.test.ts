import { expect } from 'chai';
import { ValidationError } from 'yup';
import { createOrderBody, formFieldErrors, initialOrderValues, orderFormLayout, orderFormSchema, type OrderFormValues } from './orderForm';
import { ASSETS, DIRECTIONS } from './testing/fixtures';

const asset = (code: string) => ASSETS.find((item) => item.code === code)!;
const direction = (from: string, to: string) => DIRECTIONS.find((item) => item.from === from && item.to === to)!;

function failures(values: OrderFormValues, from = 'BTC', to = 'SBERRUB'): Record<string, string> {
  const schema = orderFormSchema(orderFormLayout(direction(from, to), asset(from), asset(to)));
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!ValidationError.isError(error)) throw error;
    return Object.fromEntries(error.inner.map((inner) => [inner.path ?? '', (inner.errors[0] as unknown as { key: string }).key]));
  }
}

const VALID: OrderFormValues = {
  email: 'client@example.com',
  senderAccount: '',
  receiverAccount: '4111 1111 1111 1111',
  cardHolder: 'IVAN PETROV',
  comment: '',
  agreeTerms: true,
};

describe('order details form', () => {
  it('asks a coin sender for an optional refund wallet and a card receiver for the card', () => {
    expect(orderFormLayout(direction('BTC', 'SBERRUB'), asset('BTC'), asset('SBERRUB'))).to.deep.equal({
      accounts: [
        { name: 'senderAccount', required: false, kind: 'coin', asset: asset('BTC') },
        { name: 'receiverAccount', required: true, kind: 'fiat', asset: asset('SBERRUB') },
      ],
      extras: [{ name: 'cardHolder', required: true, pattern: '^[A-Za-z]+(?:[ -][A-Za-z]+)+$' }],
    });
  });

  it('asks a card sender for the card and no account for cash received in the office', () => {
    expect(orderFormLayout(direction('SBERRUB', 'BTC'), asset('SBERRUB'), asset('BTC')).accounts).to.deep.equal([
      { name: 'senderAccount', required: true, kind: 'fiat', asset: asset('SBERRUB') },
      { name: 'receiverAccount', required: true, kind: 'coin', asset: asset('BTC') },
    ]);
    expect(orderFormLayout(direction('BTC', 'CASHRUBMSK'), asset('BTC'), asset('CASHRUBMSK')).accounts).to.deep.equal([
      { name: 'senderAccount', required: false, kind: 'coin', asset: asset('BTC') },
    ]);
  });

  it('starts with every field empty and the terms unticked', () => {
    const layout = orderFormLayout(direction('BTC', 'SBERRUB'), asset('BTC'), asset('SBERRUB'));
    expect(initialOrderValues(layout)).to.deep.equal({ ...VALID, email: '', receiverAccount: '', cardHolder: '', agreeTerms: false });
  });

  it('accepts complete details', () => {
    expect(failures(VALID)).to.deep.equal({});
  });

  it('requires the email, the receiver account, the required extra field and the terms', () => {
    expect(failures({ ...VALID, email: '', receiverAccount: '', cardHolder: '', agreeTerms: false })).to.deep.equal({
      email: 'validation.required',
      receiverAccount: 'validation.required',
      cardHolder: 'validation.required',
      agreeTerms: 'validation.terms_required',
    });
  });

  it('checks the email, the accounts and the extra field pattern', () => {
    expect(failures({ ...VALID, email: 'nope', senderAccount: 'кошелёк', cardHolder: 'Иван' })).to.deep.equal({
      email: 'validation.email',
      senderAccount: 'validation.account',
      cardHolder: 'validation.general_error',
    });
  });

  it('checks each account against its asset: the network of a wallet, the Luhn sum of a card', () => {
    expect(failures({ ...VALID, senderAccount: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', receiverAccount: '4111 1111 1111 1112' })).to.deep.equal({
      senderAccount: 'validation.wallet_network',
      receiverAccount: 'validation.card_number',
    });
    expect(failures({ ...VALID, senderAccount: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' })).to.deep.equal({});
  });

  it('sends the pair, the amount on the side typed only, the details and the extra fields', () => {
    const layout = orderFormLayout(direction('BTC', 'SBERRUB'), asset('BTC'), asset('SBERRUB'));
    const body = createOrderBody(
      { from: 'BTC', to: 'SBERRUB', rateType: 'float', side: 'receive', quote: { send: '0.00142858', receive: '10000', problem: null } },
      layout,
      { ...VALID, email: ' client@example.com ', comment: 'Please hurry' },
    );
    expect(body).to.deep.equal({
      from: 'BTC',
      to: 'SBERRUB',
      rateType: 'float',
      amountReceive: '10000',
      email: 'client@example.com',
      receiverAccount: '4111 1111 1111 1111',
      extra: { cardHolder: 'IVAN PETROV' },
      comment: 'Please hurry',
      agreeTerms: true,
    });
  });

  it('sends the amount sent when that side was typed, and the referral code when the browser holds one', () => {
    const layout = orderFormLayout(direction('BTC', 'SBERRUB'), asset('BTC'), asset('SBERRUB'));
    const quote = { send: '0.05', receive: '350000', problem: null };
    const body = createOrderBody({ from: 'BTC', to: 'SBERRUB', rateType: 'fixed', side: 'send', quote }, layout, VALID, 'friend');
    expect(body).to.include({ amountSend: '0.05', ref: 'friend' });
    expect(body).not.to.have.property('amountReceive');
    expect(createOrderBody({ from: 'BTC', to: 'SBERRUB', rateType: 'fixed', side: 'send', quote }, layout, VALID)).not.to.have.property('ref');
  });

  it('puts server errors of extra fields on their inputs', () => {
    expect(formFieldErrors({ 'extra.cardHolder': 'Value is incorrect', email: 'Enter a valid email' })).to.deep.equal({
      cardHolder: 'Value is incorrect',
      email: 'Enter a valid email',
    });
  });

  it('checks a phone against the direction pattern without the spaces people type, and sends it compact', () => {
    const sbp = { ...direction('BTC', 'SBERRUB'), extraFields: [{ name: 'phone' as const, required: true, pattern: '^\\+7\\d{10}$' }] };
    const layout = orderFormLayout(sbp, asset('BTC'), asset('SBERRUB'));
    const schema = orderFormSchema(layout);
    const values = { ...VALID, cardHolder: undefined, phone: '+7 (999) 123-45-67' } as unknown as OrderFormValues;
    expect(schema.isValidSync(values)).to.equal(true);
    expect(schema.isValidSync({ ...values, phone: '+996 555 123 456' })).to.equal(false);
    const quote = { send: '0.05', receive: '350000', problem: null };
    expect(createOrderBody({ from: 'BTC', to: 'SBERRUB', rateType: 'fixed', side: 'send', quote }, layout, values).extra).to.deep.equal({
      phone: '+79991234567',
    });
  });
});

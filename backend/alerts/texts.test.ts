import { expect } from 'chai';
import { createServerI18n } from '../platform/i18n';
import { orderAlert } from '../orders/alerts';
import { alertText } from './texts';

const i18n = createServerI18n();
const url = 'https://exchanger.example';

describe('alert texts', () => {
  it('tell a new order in Russian with its uid, decimal amounts and the console link', () => {
    const text = alertText(i18n.translator('ru'), { kind: 'orderCreated', uid: 'A1B2C3D4E5', amountSend: '0.000000000000000001', from: 'BTC', amountReceive: '12345678.12', to: 'SBERRUB' }, url);
    expect(text).to.equal('Новая заявка A1B2C3D4E5: 0.000000000000000001 BTC → 12345678.12 SBERRUB\nhttps://exchanger.example/operator');
  });

  it('tell what waits for a review, the funds, stale rates and maintenance, in both languages', () => {
    const en = i18n.translator('en');
    expect(alertText(en, orderAlert({ uid: 'U1', amountSend: '1.5', fromCode: 'BTC', receivedAmount: null }, 'receipt')!, url)).to.equal(
      'Waiting for review: a receipt for order U1\nhttps://exchanger.example/operator',
    );
    expect(alertText(en, orderAlert({ uid: 'U1', amountSend: '1.5', fromCode: 'BTC', receivedAmount: '1.49' }, 'received')!, url)).to.include('Funds received for order U1: 1.49 BTC');
    expect(alertText(i18n.translator('ru'), { kind: 'reviewWaiting', uid: 'U2', what: 'cardPhoto' }, url)).to.include('фото карты по заявке U2');
    expect(alertText(en, { kind: 'ratesStale', directions: 4 }, url)).to.include('4 directions');
    expect(alertText(i18n.translator('ru'), { kind: 'maintenance', enabled: true, actor: 'admin@example.com' }, url)).to.include('Включён режим техработ (admin@example.com)');
    expect(alertText(en, { kind: 'maintenance', enabled: false, actor: null }, url)).to.include('switched off (system)');
  });

  it('leave other order actions unannounced', () => {
    expect(orderAlert({ uid: 'U1', amountSend: '1', fromCode: 'BTC', receivedAmount: null }, 'cancel')).to.equal(null);
  });
});

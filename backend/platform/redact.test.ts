import { expect } from 'chai';
import { redactSecrets, SECRET_MARK } from './redact';

const SECRET = 'Zx9_kQ2-vB7nM4pL8rT1yW6eU3iO5aS0dF2gH4jK6lM';

describe('redactSecrets', () => {
  it('replaces the secret of order pages and order API paths, keeping the uid and the action', () => {
    expect(redactSecrets(`/order/ABCDEFGHJK/${SECRET}`)).to.equal(`/order/ABCDEFGHJK/${SECRET_MARK}`);
    expect(redactSecrets(`/ru/order/ABCDEFGHJK/${SECRET}/`)).to.equal(`/ru/order/ABCDEFGHJK/${SECRET_MARK}/`);
    expect(redactSecrets(`/api/orders/ABCDEFGHJK/x/receipt`)).to.equal(`/api/orders/ABCDEFGHJK/${SECRET_MARK}/receipt`);
    expect(redactSecrets(`/API/Orders/ABCDEFGHJK/x`)).to.equal(`/API/Orders/ABCDEFGHJK/${SECRET_MARK}`);
  });

  it('replaces reset and activation tokens in paths and query strings', () => {
    expect(redactSecrets('/reset-password/abc')).to.equal(`/reset-password/${SECRET_MARK}`);
    expect(redactSecrets('/auth/abc')).to.equal(`/auth/${SECRET_MARK}`);
    expect(redactSecrets('/?resetToken=abc&from=BTC')).to.equal(`/?resetToken=${SECRET_MARK}&from=BTC`);
  });

  it('replaces a token-shaped segment of any other path and secrets quoted in an error message', () => {
    expect(redactSecrets(`/orde/ABCDEFGHJK/${SECRET}`)).to.equal(`/orde/ABCDEFGHJK/${SECRET_MARK}`);
    expect(redactSecrets(`EACCES: permission denied, stat '/srv/dist/order/UID/x.png'`)).to.equal(
      `EACCES: permission denied, stat '/srv/dist/order/UID/${SECRET_MARK}'`,
    );
  });

  it('leaves routes without secrets and route patterns as they are', () => {
    for (const path of [
      '/api/orders',
      '/api/operator/orders/ABCDEFGHJK/files/card',
      '/api/user/auth/sign-in',
      '/api/user/auth/reset-password/confirm',
      '/exchange/BTC/RUB',
      '/assets/index-BxYz12Ab.js',
      `/orders/:uid/${SECRET_MARK}`,
    ]) {
      expect(redactSecrets(path)).to.equal(path);
    }
  });
  it('hides a Telegram bot token in a Bot API URL', () => {
    expect(redactSecrets('POST https://api.telegram.org/bot7093318532:AAH1b2C3d4E5f6G7h8I9j0KkLlMm/sendMessage failed')).to.equal(
      'POST https://api.telegram.org/bot:secret/sendMessage failed',
    );
  });
});

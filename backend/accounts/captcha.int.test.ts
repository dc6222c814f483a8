import { expect } from 'chai';
import { buildUser, TestClient, uniqueEmail } from './testing';
import { useCaptchaServer } from '../test/siteverify';

describe('accounts: captcha on sign-in, registration and reset', function () {
  const running = useCaptchaServer();

  it('refuses a sign-in without a solved captcha before checking the password', async () => {
    const { server, siteverify } = running();
    const { email, password } = await buildUser(server.db.sequelize);
    const missing = await new TestClient(server.url).signIn(email, password, { captcha: '' });
    expect(missing.status).to.equal(400);
    expect(missing.body.error!.code).to.equal('captcha_failed');
    const wrong = await new TestClient(server.url).signIn(email, password, { captcha: 'bot' });
    expect(wrong.body.error!.code).to.equal('captcha_failed');
    const solved = await new TestClient(server.url).signIn(email, password, { captcha: 'human' });
    expect(solved.status).to.equal(200);
    expect(siteverify.seen.at(-1)!.get('remoteip')).to.be.a('string').and.not.equal('');
  });

  it('refuses a reset request and a registration without a solved captcha', async () => {
    const { server } = running();
    const reset = await new TestClient(server.url).post('/user/auth/reset-password', { email: uniqueEmail(), captcha: 'bot' });
    expect(reset.body.error!.code).to.equal('captcha_failed');
    const register = await new TestClient(server.url).post('/user/auth/register', {
      firstName: 'Ivan',
      secondName: 'Petrov',
      email: uniqueEmail(),
      phone: '+79991234567',
      password: 'Tr0ub4dor&3-Horse',
      confirmPassword: 'Tr0ub4dor&3-Horse',
      agreeTerms: true,
      captcha: 'bot',
    });
    expect(register.body.error!.code).to.equal('captcha_failed');
  });
});

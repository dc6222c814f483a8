import { nonceKey } from './nonce';
import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { PARTNER_API_CALLS_PER_MINUTE } from '../../common/partnerApi';
import { buildUser, TEST_PASSWORD, TestClient } from '../accounts/testing';
import { initModels } from '../models';
import { totpCode } from '../platform/security/totp';
import { startTestServer, type TestServer } from '../test/server';
import { signBody } from './signature';
import { createApiKey, nextTime, signedCall } from './testing';

/** Runs `count` tasks with at most `limit` at once. */
async function pooled<T>(count: number, limit: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await task(index);
      }
    }),
  );
  return results;
}

describe('partner API: keys and the signed call', function () {
  this.timeout(120_000);
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ TRUST_PROXY: '1' });
  });
  after(async () => {
    await server?.close();
  });

  async function signedInUser() {
    const built = await buildUser(server.db.sequelize);
    const client = new TestClient(server.url);
    expect((await client.signIn(built.email, TEST_PASSWORD)).status).to.equal(200);
    return { ...built, client };
  }

  describe('keys on /user/api', () => {
    it('shows the secret once, never lists it, stores it sealed, and deletes (soft)', async () => {
      const { client, user } = await signedInUser();
      const created = await createApiKey(client);
      expect(created.apiKey).to.match(/^[A-Za-z0-9_-]{32}$/);
      expect(created.secret).to.match(/^[0-9a-f]{64}$/);
      expect(created.key).to.include({ apiKey: created.apiKey, enabled: true, allowWithdrawals: false, callbackUrl: null, lastUsedAt: null });
      const list = await client.get('/user/api-keys');
      expect(list.status).to.equal(200);
      expect(JSON.stringify(list.body)).not.to.include(created.secret);
      expect(list.body.data.map((key: { apiKey: string }) => key.apiKey)).to.deep.equal([created.apiKey]);
      const row = await initModels(server.db.sequelize).ApiKey.findOne({ where: { publicKey: created.apiKey }, raw: true });
      expect(JSON.stringify(row)).not.to.include(created.secret);
      expect(row!.userId).to.equal(user.id);
      expect((await client.request('DELETE', `/user/api-keys/${created.apiKey}`)).status).to.equal(200);
      expect((await client.get('/user/api-keys')).body.data).to.deep.equal([]);
      expect((await signedCall(server, created, 'ping', { time: nextTime() })).body.error?.code).to.equal('bad_signature');
    });

    it('refuses anonymous users and another user\'s key (404 on patch and delete)', async () => {
      expect((await new TestClient(server.url).get('/user/api-keys')).status).to.equal(401);
      const owner = await signedInUser();
      const other = await signedInUser();
      const key = await createApiKey(owner.client);
      expect((await other.client.request('PATCH', `/user/api-keys/${key.apiKey}`, { enabled: false })).status).to.equal(404);
      expect((await other.client.request('DELETE', `/user/api-keys/${key.apiKey}`)).status).to.equal(404);
      expect((await owner.client.get('/user/api-keys')).body.data[0].enabled).to.equal(true);
    });

    it('turns withdrawals on only with 2FA on the account and a current code', async () => {
      const { client } = await signedInUser();
      const key = await createApiKey(client);
      const path = `/user/api-keys/${key.apiKey}`;
      const without = await client.request('PATCH', path, { allowWithdrawals: true, code: '123456' });
      expect([without.status, without.body.error?.code]).to.deep.equal([400, 'two_factor_required_for_withdrawals']);
      const secret: string = (await client.post('/user/profile/otp/setup')).body.data.secret;
      // Three codes in a row (each step once): enabling one step back, the patch now, disabling one step ahead.
      const now = Date.now();
      expect((await client.post('/user/profile/otp/enable', { code: totpCode(secret, now - 30_000) })).status).to.equal(200);
      const noCode = await client.request('PATCH', path, { allowWithdrawals: true });
      expect(noCode.status).to.equal(400);
      const wrong = await client.request('PATCH', path, { allowWithdrawals: true, code: totpCode(secret, now - 30_000) });
      expect(wrong.body.error?.code).to.equal('invalid_code');
      const ok = await client.request('PATCH', path, { allowWithdrawals: true, code: totpCode(secret, now) });
      expect(ok.status, JSON.stringify(ok.body)).to.equal(200);
      expect(ok.body.data.allowWithdrawals).to.equal(true);
      expect((await signedCall(server, key, 'withdrawals_list', { time: nextTime() })).status).to.equal(200);
      // 2FA off: the key's withdrawals go off with it, at once for signed calls too.
      const off = await client.post('/user/profile/otp/disable', { code: totpCode(secret, now + 30_000) });
      expect(off.status, JSON.stringify(off.body)).to.equal(200);
      expect((await client.get('/user/api-keys')).body.data[0].allowWithdrawals).to.equal(false);
      const refused = await signedCall(server, key, 'withdrawals_list', { time: nextTime() });
      expect([refused.status, refused.body.error?.code]).to.deep.equal([403, 'withdrawals_not_allowed']);
    });

    it('validates the IP allow-list and refuses private callback URLs', async () => {
      const { client } = await signedInUser();
      const key = await createApiKey(client);
      const path = `/user/api-keys/${key.apiKey}`;
      const bad = await client.request('PATCH', path, { ipAllowList: ['1.2.3.4', 'not-an-ip'] });
      expect([bad.status, Object.keys(bad.body.error?.fields ?? {})]).to.deep.equal([400, ['ipAllowList']]);
      const tooMany = await client.request('PATCH', path, { ipAllowList: Array.from({ length: 21 }, (_, i) => `1.2.3.${i}`) });
      expect(tooMany.status).to.equal(400);
      const good = await client.request('PATCH', path, { ipAllowList: ['203.0.113.7', '2001:db8::/32'] });
      expect(good.body.data.ipAllowList).to.deep.equal(['203.0.113.7/32', '2001:db8::/32']);
      for (const url of ['http://127.0.0.1/hook', 'https://10.1.2.3/hook', 'http://[::1]:8080/hook', 'http://localhost/hook', 'http://169.254.169.254/latest']) {
        const refused = await client.request('PATCH', path, { callbackUrl: url });
        expect([refused.status, refused.body.error?.code], url).to.deep.equal([400, 'callback_url_refused']);
      }
      expect((await client.request('PATCH', path, { callbackUrl: 'ftp://example.com/x' })).status).to.equal(400);
      const allowed = await startTestServer({ WEBHOOKS_ALLOW_PRIVATE: '1' });
      try {
        const built = await buildUser(allowed.db.sequelize);
        const local = new TestClient(allowed.url);
        await local.signIn(built.email, TEST_PASSWORD);
        const localKey = await createApiKey(local);
        const ok = await local.request('PATCH', `/user/api-keys/${localKey.apiKey}`, { callbackUrl: 'http://127.0.0.1:9/hook' });
        expect(ok.status, JSON.stringify(ok.body)).to.equal(200);
        expect(ok.body.data.callbackUrl).to.equal('http://127.0.0.1:9/hook');
      } finally {
        await allowed.close();
      }
    });
  });

  describe('the signed call', () => {
    it('answers a signed ping and records the last use', async () => {
      const { client } = await signedInUser();
      const key = await createApiKey(client);
      const answer = await signedCall(server, key, 'ping', { time: nextTime() });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answer.body.data.pong).to.equal(true);
      expect(answer.body.data.time).to.be.a('number');
      // The last use is written behind the call (nonce.ts).
      await server.app.partnerNonces!.settle();
      expect((await client.get('/user/api-keys')).body.data[0].lastUsedAt).to.be.a('string');
      const unknown = await signedCall(server, key, 'no_such_method', { time: nextTime() });
      expect([unknown.status, unknown.body.error?.code]).to.deep.equal([404, 'unknown_method']);
    });

    // The comparison is crypto.timingSafeEqual over two SHA-256 digests (signature.ts): every
    // header, whatever its length or alphabet, takes the same path. Tests do not time it.
    it('refuses 10,000 forged or altered signatures with 401 bad_signature, none accepted', async () => {
      const { client } = await signedInUser();
      const key = await createApiKey(client);
      const body = JSON.stringify({ time: nextTime() });
      const right = signBody(body, key.secret);
      const flip = (hash: string, at: number) => hash.slice(0, at) + ((parseInt(hash[at]!, 16) + 1) % 16).toString(16) + hash.slice(at + 1);
      const forgeries: Array<() => Parameters<typeof signedCall>[4]> = [
        () => ({ raw: body, hash: randomBytes(64).toString('hex') }),
        () => ({ raw: body, hash: flip(right, Math.floor(Math.random() * right.length)) }),
        () => ({ raw: body, hash: signBody(body, randomBytes(32).toString('hex')) }),
        () => ({ raw: body.replace('}', ',"x":1}'), hash: right }),
        () => ({ raw: body, hash: right.slice(0, 1 + Math.floor(Math.random() * 127)) }),
        () => ({ raw: body, hash: `${right}0` }),
        () => ({ raw: body, hash: `zz${right.slice(2)}` }),
        () => ({ raw: body, hash: right.toUpperCase() }),
        () => ({ raw: body, hash: null }),
        () => ({ raw: body, apiKey: randomBytes(24).toString('base64url') }),
      ];
      const answers = await pooled(10_000, 32, (index) => signedCall(server, key, 'ping', null, forgeries[index % forgeries.length]!()));
      const codes = new Map<string, number>();
      for (const answer of answers) codes.set(`${answer.status} ${answer.body.error?.code}`, (codes.get(`${answer.status} ${answer.body.error?.code}`) ?? 0) + 1);
      expect(Object.fromEntries(codes)).to.deep.equal({ '401 bad_signature': 10_000 });
      const row = await initModels(server.db.sequelize).ApiKey.findOne({ where: { publicKey: key.apiKey } });
      expect(row!.lastNonce).to.equal(null);
      // The right signature still works: the forgeries consumed nothing.
      expect((await signedCall(server, key, 'ping', null, { raw: body })).status).to.equal(200);
    });

    it('accepts exactly one of 100 parallel copies of one signed request', async () => {
      const { client } = await signedInUser();
      const key = await createApiKey(client);
      const raw = JSON.stringify({ time: nextTime() });
      const answers = await Promise.all(Array.from({ length: 100 }, () => signedCall(server, key, 'ping', null, { raw })));
      expect(answers.filter((answer) => answer.status === 200)).to.have.length(1);
      expect(answers.filter((answer) => answer.status === 409 && answer.body.error?.code === 'stale_nonce')).to.have.length(99);
    });

    it('keeps the nonce increasing under parallel calls: lastNonce is the largest accepted time', async () => {
      const { client } = await signedInUser();
      const key = await createApiKey(client);
      const base = nextTime();
      const times = Array.from({ length: 60 }, (_, i) => base + i * 1000);
      for (let i = 0; i < 200; i++) nextTime();
      const answers = await Promise.all(times.map((time) => signedCall(server, key, 'ping', { time })));
      const accepted = times.filter((_, i) => answers[i]!.status === 200);
      for (const answer of answers) expect(answer.status).to.be.oneOf([200, 409]);
      expect(accepted.length).to.be.at.least(1);
      await server.app.partnerNonces!.settle();
      const row = await initModels(server.db.sequelize).ApiKey.findOne({ where: { publicKey: key.apiKey } });
      expect(Number(row!.lastNonce)).to.equal(Math.max(...accepted));
      expect(times.at(-1)).to.equal(Math.max(...accepted));
      // An older time after the newest one is stale; numerically, not as text (9… < 10…).
      expect((await signedCall(server, key, 'ping', { time: base })).body.error?.code).to.equal('stale_nonce');
      expect((await signedCall(server, key, 'ping', { time: 99_999_999_999_999 })).status).to.equal(200);
      expect((await signedCall(server, key, 'ping', { time: 100_000_000_000_000 })).status).to.equal(200);
      expect((await signedCall(server, key, 'ping', { time: 99_999_999_999_998 })).body.error?.code).to.equal('stale_nonce');
    });

    it('refuses bodies without a positive integer time with 400 validation_error', async () => {
      const { client } = await signedInUser();
      const key = await createApiKey(client);
      for (const raw of ['{}', '{"time":0}', '{"time":-5}', '{"time":1.5}', '{"time":"123"}', '[1]', 'null', 'not json', '', '{"time":1e300}']) {
        const answer = await signedCall(server, key, 'ping', null, { raw });
        expect([answer.status, answer.body.error?.code], raw).to.deep.equal([400, 'validation_error']);
        expect(answer.body.error?.fields, raw).to.be.an('object');
      }
    });

    it('refuses a disabled key, a deleted key, and every key of a blocked or deleted account', async () => {
      const { client } = await signedInUser();
      const key = await createApiKey(client);
      // A call first, so the key is in the signed call's cache (keyCache.ts) when it changes.
      expect((await signedCall(server, key, 'ping', { time: nextTime() })).status).to.equal(200);
      expect((await client.request('PATCH', `/user/api-keys/${key.apiKey}`, { enabled: false })).status).to.equal(200);
      const disabled = await signedCall(server, key, 'ping', { time: nextTime() });
      expect([disabled.status, disabled.body.error?.code]).to.deep.equal([403, 'key_disabled']);
      expect((await client.request('PATCH', `/user/api-keys/${key.apiKey}`, { enabled: true })).status).to.equal(200);
      expect((await signedCall(server, key, 'ping', { time: nextTime() })).status).to.equal(200);

      const blocked = await signedInUser();
      const blockedKey = await createApiKey(blocked.client);
      expect((await signedCall(server, blockedKey, 'ping', { time: nextTime() })).status).to.equal(200);
      expect((await blocked.client.post('/user/profile/block')).status).to.equal(200);
      expect((await signedCall(server, blockedKey, 'ping', { time: nextTime() })).body.error?.code).to.equal('bad_signature');

      const deleted = await signedInUser();
      const deletedKey = await createApiKey(deleted.client);
      expect((await signedCall(server, deletedKey, 'ping', { time: nextTime() })).status).to.equal(200);
      expect((await deleted.client.post('/user/profile/delete', { password: TEST_PASSWORD })).status).to.equal(200);
      expect((await signedCall(server, deletedKey, 'ping', { time: nextTime() })).body.error?.code).to.equal('bad_signature');
      const row = await initModels(server.db.sequelize).ApiKey.findOne({ where: { publicKey: deletedKey.apiKey } });
      expect(row!.deletedAt).to.be.instanceOf(Date);
    });

    it('follows a change of a cached key at its next call: the allow-list, a deletion', async () => {
      const { client } = await signedInUser();
      const key = await createApiKey(client);
      const ping = () => signedCall(server, key, 'ping', { time: nextTime() });
      expect((await ping()).status).to.equal(200);
      expect((await client.request('PATCH', `/user/api-keys/${key.apiKey}`, { ipAllowList: ['203.0.113.0/24'] })).status).to.equal(200);
      expect((await ping()).body.error?.code).to.equal('ip_not_allowed');
      expect((await client.request('PATCH', `/user/api-keys/${key.apiKey}`, { ipAllowList: [] })).status).to.equal(200);
      expect((await ping()).status).to.equal(200);
      expect((await client.request('DELETE', `/user/api-keys/${key.apiKey}`)).status).to.be.oneOf([200, 204]);
      expect((await ping()).body.error?.code).to.equal('bad_signature');
    });

    it('keeps refusing a replay when the KV forgets the nonce: the database floor, written behind, takes over', async () => {
      const { client } = await signedInUser();
      const key = await createApiKey(client);
      const raw = JSON.stringify({ time: nextTime() });
      expect((await signedCall(server, key, 'ping', null, { raw })).status).to.equal(200);
      await server.app.partnerNonces!.settle();
      const row = await initModels(server.db.sequelize).ApiKey.findOne({ where: { publicKey: key.apiKey } });
      expect(String(row!.lastNonce)).to.equal(String(JSON.parse(raw).time));
      // As if Redis lost its data: the KV holds no nonce for the key any more.
      await server.kv.del(nonceKey(row!.id));
      const replay = await signedCall(server, key, 'ping', null, { raw });
      expect([replay.status, replay.body.error?.code]).to.deep.equal([409, 'stale_nonce']);
      expect((await signedCall(server, key, 'ping', { time: nextTime() })).status).to.equal(200);
    });

    it('honours the IP allow-list (TRUST_PROXY and X-Forwarded-For)', async () => {
      const { client } = await signedInUser();
      const key = await createApiKey(client);
      expect((await client.request('PATCH', `/user/api-keys/${key.apiKey}`, { ipAllowList: ['203.0.113.0/24', '2001:db8::1'] })).status).to.equal(200);
      const from = (ip: string) => signedCall(server, key, 'ping', { time: nextTime() }, { headers: { 'x-forwarded-for': ip } });
      expect((await from('203.0.113.50')).status).to.equal(200);
      expect((await from('2001:db8::1')).status).to.equal(200);
      const refused = await from('198.51.100.1');
      expect([refused.status, refused.body.error?.code]).to.deep.equal([403, 'ip_not_allowed']);
    });

    it('limits calls per key: 429 too_many_requests with Retry-After', async () => {
      const { client } = await signedInUser();
      const key = await createApiKey(client);
      await pooled(PARTNER_API_CALLS_PER_MINUTE, 1, async () => {
        const answer = await signedCall(server, key, 'ping', { time: nextTime() });
        expect(answer.status).to.equal(200);
      });
      const limited = await signedCall(server, key, 'ping', { time: nextTime() });
      expect([limited.status, limited.body.error?.code]).to.deep.equal([429, 'too_many_requests']);
      expect(Number(limited.headers.get('retry-after'))).to.be.above(0);
      // Another key of the same account has its own budget.
      expect((await signedCall(server, await createApiKey(client), 'ping', { time: nextTime() })).status).to.equal(200);
    });

    it('never answers 5xx: oversized bodies, odd headers, any method name', async () => {
      const { client } = await signedInUser();
      const key = await createApiKey(client);
      const big = JSON.stringify({ time: nextTime(), pad: 'x'.repeat(70_000) });
      const tooLarge = await signedCall(server, key, 'ping', null, { raw: big });
      expect(tooLarge.status).to.equal(413);
      // Both are the contract's documented codes (openapi.json x-error-codes).
      expect(tooLarge.body.error?.code).to.equal('payload_too_large');
      const compressed = await signedCall(server, key, 'ping', { time: nextTime() }, { headers: { 'content-encoding': 'gzip' } });
      expect(compressed.status).to.equal(415);
      expect(compressed.body.error?.code).to.equal('unsupported_media_type');
      for (const method of ['ping', '%00', 'a'.repeat(300), 'withdraw_create']) {
        const answer = await signedCall(server, key, method, { time: nextTime() }, { hash: 'x' });
        expect(answer.status, method).to.be.oneOf([401, 404]);
      }
    });
  });
});

import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { CreatedApiKey, PartnerOrderDto } from '../../common/partnerApi';
import { fillPartnerApiExample, PARTNER_API_EXAMPLE_LANGUAGES, type PartnerApiExampleLanguage, type PartnerApiExampleValues } from '../../common/partnerApiExamples';
import type { TestClient } from '../accounts/testing';
import { signedInAs } from '../console/testing';
import { buildDirection, type TestDirection } from '../orders/testing';
import { startTestServer, type TestServer } from '../test/server';
import { createApiKey } from './testing';

const run = promisify(execFile);
const INTERPRETERS: Record<PartnerApiExampleLanguage, { command: string; file: string }> = {
  curl: { command: 'bash', file: 'call.sh' },
  node: { command: 'node', file: 'call.js' },
  python: { command: 'python3', file: 'call.py' },
  php: { command: 'php', file: 'call.php' },
};

async function onPath(command: string): Promise<boolean> {
  return run('sh', ['-c', `command -v ${command}`]).then(
    () => true,
    () => false,
  );
}

/**
 * The documentation's four examples (common/partnerApiExamples.ts) as they are: each filled in,
 * written to a file and run by its real interpreter against a real server with a real key. Every
 * program prints the server's JSON answer, which is what is checked (and the order, over HTTP).
 */
describe('the partner API examples of the documentation, run by their interpreters', function () {
  this.timeout(120_000);
  let server: TestServer;
  let direction: TestDirection;
  let owner: TestClient;
  let key: CreatedApiKey;
  let dir: string;

  before(async () => {
    server = await startTestServer();
    direction = await buildDirection(server, { rate: '100', min: '0.01', max: '50', to: { type: 'fiat', reserve: '6000' } });
    owner = await signedInAs(server, 'user');
    key = await createApiKey(owner);
    dir = await mkdtemp(join(tmpdir(), 'partner-api-examples-'));
  });

  after(async () => {
    await rm(dir, { recursive: true, force: true });
    await server.close();
  });

  /** Runs the filled example and parses the one JSON answer it prints. */
  async function runExample(language: PartnerApiExampleLanguage, values: Partial<PartnerApiExampleValues>) {
    const { command, file } = INTERPRETERS[language];
    const path = join(dir, `${randomBytes(4).toString('hex')}-${file}`);
    await writeFile(path, fillPartnerApiExample(language, { baseUrl: server.url, apiKey: key.apiKey, secret: key.secret, method: 'ping', params: {}, ...values }));
    const { stdout } = await run(command, [path], { timeout: 30_000 });
    return JSON.parse(stdout) as { success: boolean; data?: any; error?: { code: string } };
  }

  for (const language of PARTNER_API_EXAMPLE_LANGUAGES) {
    describe(language, () => {
      before(async function () {
        const { command } = INTERPRETERS[language];
        if (!(await onPath(command))) {
          // Only php may be missing (.ci/run installs php-cli on CI); bash, node and python3 are required.
          if (language !== 'php') throw new Error(`${command} is not on PATH`);
          this.skip(); // `php` is not on PATH: the PHP example cannot run here.
        }
      });

      it('pings with the key and its secret: success', async () => {
        const answer = await runExample(language, { method: 'ping' });
        expect(answer, JSON.stringify(answer)).to.deep.include({ success: true });
        expect(answer.data).to.include({ pong: true });
      });

      it('creates an order (quotes, a backslash, $( ) and Cyrillic in externalId, kept as they are) that the key owner sees in GET /api/user/exchanges', async () => {
        const externalId = `partner's "заказ" \\ $(id) ${randomBytes(3).toString('hex')}`;
        const params = { from: direction.from, to: direction.to, rateType: 'fixed', amountSend: '1', email: 'client@example.test', receiverAccount: '4111111111111111', externalId };
        const answer = await runExample(language, { method: 'order_create', params });
        expect(answer.success, JSON.stringify(answer)).to.equal(true);
        const order = answer.data as PartnerOrderDto;
        expect(order.externalId).to.equal(externalId);
        expect(order.order).to.include({ amountSend: '1', amountReceive: '100' });

        const history = await owner.get('/user/exchanges');
        expect(history.status, JSON.stringify(history.body)).to.equal(200);
        expect(history.body.data.rows.map((row: { uid: string }) => row.uid)).to.include(order.uid);
      });

      it('is refused with bad_signature when signed with another secret (one with quotes: still a valid program)', async () => {
        const answer = await runExample(language, { method: 'ping', secret: `${key.secret}'"\\` });
        expect(answer.success).to.equal(false);
        expect(answer.error?.code).to.equal('bad_signature');
      });
    });
  }

  it('refuses a method name that is not one (letters and _ only)', () => {
    expect(() => fillPartnerApiExample('node', { baseUrl: server.url, apiKey: 'k', secret: 's', method: "ping'; x", params: {} })).to.throw('not a method name');
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import fc from 'fast-check';
import { Sequelize } from 'sequelize';
import type { BlacklistAction, BlacklistKind } from '../../common/blacklist';
import { initModels, type Models } from '../models';
import { MemoryKV } from '../platform/kv/memory';
import { keptTable, watchTable } from '../platform/db/keptTable';
import { checkBlacklist, type BlacklistSubject } from './check';
import { cardHash, formatCidr, normalizeBlacklistEmail, normalizeWallet, parseCidr } from './normalize';

const KEYS = ['test-secret-one', 'test-secret-two'];

/**
 * The kept index (a process that watches the table) and the database search (one that does not)
 * give the same answer for the same list: two Sequelizes on one SQLite file, one watched.
 */
describe('blacklist check: the kept list and the database search agree (check.ts)', function () {
  this.timeout(60_000);
  let dir: string;
  let kept: Models;
  let searched: Models;
  const open: Sequelize[] = [];

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'blacklist-'));
    const storage = join(dir, 'list.sqlite');
    for (let index = 0; index < 2; index += 1) open.push(new Sequelize({ dialect: 'sqlite', storage, logging: false }));
    kept = initModels(open[0]!);
    searched = initModels(open[1]!);
    await kept.BlacklistEntry.sync();
    watchTable(kept.BlacklistEntry, new MemoryKV());
    expect(keptTable(kept.BlacklistEntry, 'probe', async () => null)).to.not.equal(null);
    expect(keptTable(searched.BlacklistEntry, 'probe', async () => null)).to.equal(null);
  });

  after(async () => {
    await Promise.all(open.map((sequelize) => sequelize.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  const wallets = ['TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', 'bc1q-xy2k 9gdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', '0xAbC0000000000000000000000000000000000001'];
  const cards = ['4111 1111 1111 1111', '5500-0000-0000-0004'];
  const emails = ['Spammer@Example.test', 'other@example.test'];
  const ranges = ['198.51.100.0/24', '2001:db8::/32', '203.0.113.7'];

  async function add(kind: BlacklistKind, raw: string, action: BlacklistAction): Promise<void> {
    const value =
      kind === 'wallet' ? normalizeWallet(raw) : kind === 'email' ? normalizeBlacklistEmail(raw) : kind === 'ip' ? formatCidr(parseCidr(raw)!) : cardHash(raw.replace(/\D/g, ''), KEYS[0]!);
    const last4 = kind === 'card' ? raw.replace(/\D/g, '').slice(-4) : null;
    await kept.BlacklistEntry.create({ kind, value, last4, action, reason: `${kind} ${action}`, createdById: null });
  }

  it('on every subject of a list with every kind, both actions and several matches at once', async () => {
    await add('wallet', wallets[0]!, 'hold');
    await add('wallet', wallets[1]!, 'refuse');
    await add('card', cards[0]!, 'hold');
    await add('email', emails[0]!, 'hold');
    await add('ip', ranges[0]!, 'refuse');
    await add('ip', ranges[1]!, 'hold');
    await add('ip', ranges[2]!, 'hold');

    const account = fc.constantFrom(...wallets, ...wallets.map((wallet) => wallet.toUpperCase()), ...cards, 'no match', '', null, undefined);
    const subject: fc.Arbitrary<BlacklistSubject> = fc.record({
      email: fc.constantFrom(...emails, 'nobody@example.test', null),
      accounts: fc.array(account, { maxLength: 3 }),
      ip: fc.constantFrom('198.51.100.20', '198.51.101.1', '2001:db8::1', '::ffff:203.0.113.7', '203.0.113.8', 'not an ip', null),
    });
    let matched = 0;
    await fc.assert(
      fc.asyncProperty(subject, async (probe) => {
        const fromIndex = await checkBlacklist(kept, probe, KEYS);
        const fromSearch = await checkBlacklist(searched, probe, KEYS);
        expect(fromIndex?.match ?? null).to.deep.equal(fromSearch?.match ?? null);
        expect(fromIndex?.entry.get() ?? null).to.deep.equal(fromSearch?.entry.get() ?? null);
        if (fromIndex) matched += 1;
      }),
      { numRuns: 200 },
    );
    expect(matched).to.be.greaterThan(50);
  });

  it('refuses over a hold, then the oldest entry, in both', async () => {
    const probe = { email: emails[0], accounts: [wallets[0], wallets[1]], ip: '2001:db8::5' };
    for (const models of [kept, searched]) {
      const hit = await checkBlacklist(models, probe, KEYS);
      expect(hit?.match.kind).to.equal('wallet');
      expect(hit?.entry.action).to.equal('refuse');
    }
    const holds = { email: emails[0], accounts: [wallets[0]], ip: null };
    for (const models of [kept, searched]) {
      const hit = await checkBlacklist(models, holds, KEYS);
      expect(hit?.match.reason).to.equal('wallet hold');
    }
  });

  it('gives each caller an instance of its own: a change to one is not seen by the next check', async () => {
    const probe = { email: emails[0], accounts: [], ip: null };
    const first = await checkBlacklist(kept, probe, KEYS);
    first!.entry.reason = 'changed by a caller';
    const second = await checkBlacklist(kept, probe, KEYS);
    expect(second!.entry.reason).to.equal('email hold');
  });
});

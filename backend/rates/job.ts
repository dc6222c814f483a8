/**
 * The rates job of the active worker: every tick it polls the providers that are due, computes
 * every enabled direction's rate and every reserve from the catalogue, and when anything
 * changed (or the current snapshot is about to lapse) writes the snapshot to the KV and
 * publishes the change for the web processes (backend/rates/store.ts).
 *
 * The catalogue is read from the database at start and at once when someone publishes on
 * CATALOGUE_CHANGED_CHANNEL (after editing assets or directions; a payout's change of a reserve
 * re-reads the assets only: rates/catalogueChanged.ts), and every `catalogueRefreshMs` it is
 * revalidated — catalogue/held.ts says what each of these reads.
 */
import type { Config } from '../platform/config/types';
import type { Database } from '../platform/db';
import type { KV } from '../platform/kv/types';
import type { Logger } from '../platform/logger';
import { rereadCatalogue, type HeldCatalogue, type RereadReason } from '../catalogue/held';
import { CATALOGUE_CHANGED_CHANNEL, catalogueChangeScope } from './catalogueChanged';
import { advanceSnapshot, computeRatesInSlices, DIRECTIONS_PER_SLICE, nextTurn, priceSources, type Catalogue, type RatesSnapshot } from './engine';
import { createRateFeed, SIMULATED_MAX_AGE_MS, sourcesFor, type FeedSource } from './feed';
import { publishSnapshot, readSnapshot } from './store';
import { enqueueAlert, type Alerts } from '../alerts';
import { writeTransaction } from '../platform/db/transaction';

export const SIMULATED_TICK_MS = 3000;
export const LIVE_TICK_MS = 2000;
export const CATALOGUE_REFRESH_MS = 30_000;

export interface RatesJobOptions {
  /** Pause between ticks; 3 s simulated, 2 s live (each live source keeps its own interval). */
  tickMs?: number;
  /** The providers; by default those RATES_SOURCE selects. */
  sources?: FeedSource[];
  /** How long a snapshot holds without a successor (RatesSnapshot.staleAt). */
  holdsForMs?: number;
  catalogueRefreshMs?: number;
  /** The time working hours of manual directions are judged at, each tick; the real clock by default (tests set it). */
  clock?: () => Date;
}

export interface RatesJobDeps {
  config: Pick<Config, 'ratesSource'>;
  logger: Logger;
  kv: KV;
  db: Pick<Database, 'sequelize'>;
  /** Staff alerts: one when directions start resting on stale prices (none while they stay so). */
  alerts?: Alerts;
  options?: RatesJobOptions;
}

export interface RatesJob {
  /** Stops ticking and waits for a tick in progress. */
  stop(): Promise<void>;
}

export async function startRatesJob(deps: RatesJobDeps): Promise<RatesJob> {
  const { kv, db } = deps;
  const logger = deps.logger.child({ job: 'rates' });
  const options = deps.options ?? {};
  const tickMs = options.tickMs ?? (deps.config.ratesSource === 'live' ? LIVE_TICK_MS : SIMULATED_TICK_MS);
  const holdsForMs = options.holdsForMs ?? Math.max(SIMULATED_MAX_AGE_MS, 5 * tickMs);
  const catalogueRefreshMs = options.catalogueRefreshMs ?? CATALOGUE_REFRESH_MS;
  const clock = options.clock ?? (() => new Date());
  const feed = createRateFeed(options.sources ?? sourcesFor(deps.config), logger);
  const controller = new AbortController();

  let held: HeldCatalogue | null = null;
  /** When the catalogue was last read on schedule (or whole). */
  let heldAt = Number.NEGATIVE_INFINITY;
  /** An announced change not read yet: a payout's reserves only, or anything. */
  let requested: 'reserves' | 'all' | null = null;
  let previous: RatesSnapshot | null | undefined;
  /** Stale directions at the last alert check (an alert when it goes from none to some). */
  let staleBefore = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  /** The catalogue for this tick, read again as catalogue/held.ts says when a change or the schedule asks. */
  async function currentCatalogue(nowMs: number): Promise<Catalogue | null> {
    const due = nowMs - heldAt >= catalogueRefreshMs;
    const reason: RereadReason | null = held === null || requested === 'all' ? 'all' : due ? 'revalidate' : requested;
    if (reason === null) return held!.catalogue;
    const asked = requested;
    requested = null;
    try {
      held = await rereadCatalogue(db, held, reason, nowMs);
      if (reason !== 'reserves') heldAt = nowMs;
    } catch (error) {
      requested ??= asked;
      logger.warn({ err: error }, 'cannot read the catalogue; keeping the last one');
    }
    return held?.catalogue ?? null;
  }

  async function tick(): Promise<void> {
    const started = new Date();
    const current = await currentCatalogue(started.getTime());
    const readings = await feed.poll(started, controller.signal);
    if (stopped || current === null) return;
    // The snapshot this worker continues: whatever the previous leader left.
    if (previous === undefined) previous = await readSnapshot(kv);
    const now = new Date();
    // In slices, with turns of the event loop between the steps: with ROLE=all the web server
    // shares this loop, and 20,000 directions make each step tens of milliseconds.
    const prices = priceSources(readings, now);
    await nextTurn();
    const computed = await computeRatesInSlices(current, prices, DIRECTIONS_PER_SLICE, clock());
    if (stopped) return;
    await nextTurn();
    const { snapshot, change } = advanceSnapshot(previous, computed, { now, holdsForMs });
    await nextTurn();
    await alertStale(snapshot);
    const unchanged =
      change.rates.length === 0 &&
      change.removed.length === 0 &&
      change.reserves.length === 0 &&
      change.removedReserves.length === 0 &&
      change.assets === undefined &&
      change.prices === undefined;
    // Nothing to say: stay quiet until the current snapshot is half-way to lapsing.
    if (unchanged && previous && Date.parse(previous.staleAt) - now.getTime() > holdsForMs / 2) return;
    if (stopped) return;
    await publishSnapshot(kv, snapshot, change);
    previous = snapshot;
  }

  /** The rates became stale (some direction rests on a failed or outdated quote): the staff hear it once. */
  async function alertStale(snapshot: RatesSnapshot): Promise<void> {
    const stale = snapshot.rates.filter((rate) => rate.stale).length;
    const started = staleBefore === 0 && stale > 0;
    staleBefore = stale;
    if (!started || !deps.alerts?.telegram) return;
    const alerts = deps.alerts;
    try {
      await writeTransaction(db.sequelize, (transaction) => enqueueAlert(alerts, transaction, { kind: 'ratesStale', directions: stale }));
    } catch (error) {
      logger.warn({ err: error }, 'stale rates alert not written');
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick()
        .catch((error: unknown) => logger.warn({ err: error }, 'rates tick failed'))
        .finally(schedule);
    }, tickMs);
  }

  const unsubscribe = await kv
    .subscribe(CATALOGUE_CHANGED_CHANNEL, (message) => {
      requested = catalogueChangeScope(message) === 'all' || requested === 'all' ? 'all' : 'reserves';
    })
    .catch((error: unknown) => {
      logger.warn({ err: error }, 'cannot listen for catalogue changes; re-reading it on schedule only');
      return null;
    });

  running = tick()
    .catch((error: unknown) => logger.warn({ err: error }, 'rates tick failed'))
    .finally(schedule);
  logger.info({ tickMs, sources: feed.status().map((source) => source.name) }, 'rates job started');

  return {
    async stop() {
      if (stopped) return running;
      stopped = true;
      clearTimeout(timer);
      controller.abort(new Error('rates job stopping'));
      await unsubscribe?.().catch(() => undefined);
      await running;
      logger.info('rates job stopped');
    },
  };
}

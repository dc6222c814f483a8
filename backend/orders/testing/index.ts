/**
 * Test support for orders: a direction of its own (two fresh assets, a direction row, and its
 * rate published to the server's RatesStore through the KV as the worker would), and
 * `buildOrder(overrides)` creating an order through createOrder and then putting it in the state
 * a test needs. Nothing is mocked: the real server, database and KV.
 */
import type { KycStatus } from '../../../common/api';
import { randomBytes } from 'node:crypto';
import type { DirectionRateDto } from '../../../common/catalogue';
import type { AssetType, RateType } from '../../../common/enums';
import type { CreateOrderRequest } from '../../../common/orders';
import type { Lang } from '../../../common/api';
import { demoPaymentDetailRow } from '../../../db/seeders/payment-details';
import { luhnValid } from '../../../common/paymentDetails';
import { segwitAddress } from '../../../common/walletForms';
import { listOutbox, type OutboxMail } from '../../test/mail';
import { initModels, type Order } from '../../models';
import { directionKey, type RateAsset, type RatesChange, type RatesSnapshot } from '../../rates/engine';
import { publishSnapshot } from '../../rates/store';
import type { RunningServer } from '../../server';
import type { TestServer } from '../../test/server';

/** What the helpers need of a running server (a test server or a bench's). */
export type OrderTestServer = Pick<RunningServer, 'rates' | 'kv' | 'db'>;
import { createOrdersContext, type OrdersContext } from '../context';
import { createOrder } from '../createOrder';

export interface TestAssetSpec {
  type?: AssetType;
  precision?: number;
  reserve?: string;
  /** Code prefix: `SBP…`/`WIRE…` fiat is not a card. */
  prefix?: string;
}

export interface TestDirection {
  from: string;
  to: string;
  /** The receiving side's type: an order to a coin needs a wallet (orderRequest gives one). */
  toType?: AssetType;
  rate: string;
  fixedPeriodMinutes: number;
}

function uniqueCode(prefix = 'T'): string {
  return `${prefix}${randomBytes(5).toString('hex').toUpperCase()}`;
}

/** Publishes (or replaces) one direction's rate in the server's RatesStore and waits for it. */
export async function publishTestRate(server: Pick<RunningServer, 'rates' | 'kv'>, rate: DirectionRateDto, assets: RateAsset[] = []): Promise<void> {
  const current = server.rates.current();
  const version = (current?.version ?? 0) + 1;
  const now = new Date();
  const staleAt = new Date(now.getTime() + 60 * 60_000).toISOString();
  const allAssets = [...(current?.assets.values() ?? [])].filter((asset) => !assets.some((added) => added.code === asset.code));
  allAssets.push(...assets);
  const rates = (current?.list ?? []).filter((existing) => directionKey(existing) !== directionKey(rate));
  rates.push(rate);
  const reserves = [...(current?.reserves ?? [])];
  const snapshot: RatesSnapshot = { version, generatedAt: now.toISOString(), staleAt, rates, reserves, assets: allAssets };
  const change: RatesChange = {
    version,
    generatedAt: now.toISOString(),
    staleAt,
    rates: [rate],
    removed: [],
    reserves: [],
    removedReserves: [],
    assets: allAssets,
  };
  await publishSnapshot(server.kv, snapshot, change);
  const deadline = Date.now() + 5000;
  while ((server.rates.current()?.version ?? 0) < version) {
    if (Date.now() > deadline) throw new Error('the rates store did not take the test rate');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function testRate(direction: Pick<TestDirection, 'from' | 'to' | 'rate'>, extra: Partial<DirectionRateDto> = {}): DirectionRateDto {
  return {
    from: direction.from,
    to: direction.to,
    rate: direction.rate,
    in: '1',
    out: direction.rate,
    reserve: '1000000',
    min: '0.001',
    max: '1000000',
    rateTypes: ['fixed', 'float'],
    manual: false,
    updatedAt: new Date().toISOString(),
    stale: false,
    ...extra,
  };
}

/**
 * Two new assets and a direction between them (fixed and floating, 30-minute window by default)
 * with `rate` published as current.
 */
export async function buildDirection(
  server: OrderTestServer,
  options: { rate?: string; from?: TestAssetSpec; to?: TestAssetSpec; rateTypes?: RateType[]; fixedPeriodMinutes?: number; min?: string; max?: string; extraFields?: { name: 'memo' | 'tag' | 'cardHolder' | 'phone' | 'bankName'; required: boolean; pattern?: string }[] } = {},
): Promise<TestDirection> {
  const { Asset, Direction, PaymentDetail } = initModels(server.db.sequelize);
  const make = async (spec: TestAssetSpec = {}) => {
    const type = spec.type ?? 'coin';
    const code = uniqueCode(spec.prefix);
    const precision = spec.precision ?? (type === 'fiat' ? 2 : 8);
    // A currency the simulated feed prices: a worker sharing the database (other tests') gives
    // the direction a fresh rate like every other, instead of a direction it cannot price.
    const currency = type === 'coin' ? 'BTC' : 'RUB';
    await Asset.create({ code, name: `Test ${code}`, type, currency, network: null, precision, icon: 'test', reserve: spec.reserve ?? '1000000', city: null });
    // Customers pay into the details the demo catalogue would give such an asset.
    await PaymentDetail.create({ ...demoPaymentDetailRow({ code, type, currency, network: null }), demo: true });
    return { code, type, currency, city: null, enabled: true, precision } satisfies RateAsset;
  };
  const from = await make(options.from);
  const to = await make(options.to ?? { type: 'fiat' });
  const rateTypes = options.rateTypes ?? ['fixed', 'float'];
  const fixedPeriodMinutes = options.fixedPeriodMinutes ?? 30;
  const min = options.min ?? '0.001';
  const max = options.max ?? '1000';
  await Direction.create({
    fromCode: from.code,
    toCode: to.code,
    markup: '1',
    minAmount: min,
    maxAmount: max,
    rateTypes,
    fixedPeriodMinutes,
    extraFields: options.extraFields ?? [],
  });
  const rate = options.rate ?? '100';
  const reserve = options.to?.reserve ?? '1000000';
  await publishTestRate(server, testRate({ from: from.code, to: to.code, rate }, { rateTypes, min, max, reserve }), [from, to]);
  return { from: from.code, to: to.code, toType: to.type, rate, fixedPeriodMinutes };
}

/** A fresh Bitcoin wallet in the form the order rules take (common/walletForms.ts: bech32 with its checksum): test coins are priced as BTC. */
export function randomBtcWallet(): string {
  return segwitAddress('bc', randomBytes(20));
}

/**
 * A card number passing Luhn (a test range: `prefix` then digits from the clock and chance), unique
 * per call so that a shared MariaDB never holds it already; an order's card side must pass Luhn.
 */
export function luhnCard(prefix = '4'): string {
  const body = `${prefix}${Date.now().toString().slice(-8)}${Math.floor(Math.random() * 1e6).toString().padStart(6, '0')}`.slice(0, 15);
  return [...'0123456789'].map((check) => `${body}${check}`).find(luhnValid)!;
}

/** The orders context of a test server (its database, KV, outbox — or `mailer` — and rates). */
export function testOrdersContext(server: TestServer, now?: () => Date, mailer?: OrdersContext['mailer']): OrdersContext {
  return createOrdersContext({
    sequelize: server.db.sequelize,
    kv: server.kv,
    logger: server.logger,
    rates: server.rates,
    config: server.config,
    i18n: server.services.i18n,
    mailer: mailer ?? server.services.mailer,
    now,
  });
}

/** A valid order of the direction: a card to receive a fiat side, a wallet to receive a coin. */
export function orderRequest(direction: Pick<TestDirection, 'from' | 'to' | 'toType'>, overrides: Partial<CreateOrderRequest> = {}): CreateOrderRequest {
  return {
    from: direction.from,
    to: direction.to,
    amountSend: '1',
    rateType: 'fixed',
    email: `order-${randomBytes(4).toString('hex')}@example.test`,
    receiverAccount: direction.toType === 'coin' ? randomBtcWallet() : '4111111111111111',
    agreeTerms: true,
    ...overrides,
  };
}

export interface BuildOrderOverrides {
  direction?: TestDirection;
  request?: Partial<CreateOrderRequest>;
  lang?: Lang;
  userId?: number;
  /** The signed-in owner's KYC status as createOrder sees it (with userId). */
  kycStatus?: KycStatus | null;
  /** Row attributes set after creation (status, confirmedAt, cardCheck…). */
  set?: Partial<Record<keyof Order, unknown>>;
}

/** An order (and, unless given, a direction for it); returns the row, its secret and its direction. */
export async function buildOrder(
  server: TestServer,
  overrides: BuildOrderOverrides = {},
): Promise<{ order: Order; secret: string; direction: TestDirection }> {
  const direction = overrides.direction ?? (await buildDirection(server));
  const ctx = testOrdersContext(server);
  const t = server.services.i18n.translator(overrides.lang ?? 'en');
  const created = await createOrder(ctx, {
    request: orderRequest(direction, overrides.request),
    user: overrides.userId ? { id: overrides.userId, kycStatus: overrides.kycStatus ?? null } : null,
    lang: overrides.lang ?? 'en',
    t,
  });
  const { Order: Orders } = initModels(server.db.sequelize);
  const order = (await Orders.findOne({ where: { uid: created.uid } }))!;
  if (overrides.set) await order.update(overrides.set as never);
  return { order, secret: created.secret, direction };
}

/**
 * The outbox mails to `to`, once there are at least `enough` of them (or once `enough` accepts
 * them): order mails go through a queue after the answer, so a test waits for them (up to
 * timeoutMs, then answers what there is) instead of reading at once.
 */
export async function waitForOutbox(
  outboxDir: string,
  to: string,
  enough: number | ((mails: OutboxMail[]) => boolean),
  timeoutMs = 5000,
): Promise<OutboxMail[]> {
  const deadline = Date.now() + timeoutMs;
  const done = typeof enough === 'number' ? (mails: OutboxMail[]) => mails.length >= enough : enough;
  for (;;) {
    const mails = await listOutbox(outboxDir, { to });
    if (done(mails) || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * createOrder: a new order at the direction's current rate, as the RatesStore of this process
 * serves it (web processes never call providers). Refuses unknown, disabled or stale directions
 * (422 direction_unavailable), a rate type the direction does not offer, and amounts the widget
 * would refuse — with the widget's messages (the same quote code). The fixed rate is locked for
 * the direction's fixedPeriodMinutes; the payment window is as long for both rate types. The
 * market rate (before the markup) is recorded beside it for the staff's profit figure.
 */
import { UniqueConstraintError } from 'sequelize';
import type { Lang } from '../../common/api';
import { orderPath, type CardCheck, type CreateOrderRequest, type CreateOrderResponse } from '../../common/orders';
import { ValidationError } from '../platform/errors';
import type { Translate } from '../platform/i18n';
import type { Asset, BlacklistEntry, User } from '../models';
import { offeredRate } from '../rates/store';
import { marketRate } from '../rates/math';
import { quoteAmounts } from '../rates/quote';
import { normalizeMoney, toStorageDecimal } from '../../common/money';
import { validationMessage } from '../../common/validation';
import type { OrdersContext } from './context';
import { announceOrderChange, changeOrder, SYSTEM } from './change';
import { checkBlacklist } from '../blacklist/check';
import { recordBlacklistMatch } from '../blacklist/commands';
import { OrderRefused } from '../blacklist/errors';
import { checkDirectionFields, isBankCard } from './directionRules';
import { offeredDirection } from './directionCache';
import { AmountRefused, DirectionUnavailable, ExternalIdTaken } from './errors';
import { orderCreatedMail, queueOrderMail, sealOrderSecret } from './mail';
import { pickPaymentDetail } from './paymentDetails';
import { presentOrder } from './presenters';
import { hashOrderSecret, newOrderSecret, newOrderUid } from './secrets';
import { writeTransaction } from '../platform/db/transaction';
import { enqueueAlert } from '../alerts';
import type { OrderView } from './view';
import { isVerifiedCardOf } from '../requisites/queries';
import { orderPartner } from '../referral/attribution';
import { requestIpHash } from '../referral/ipHash';
import { currentTermsVersion } from '../content/terms';

/** New uids drawn before giving up (50 random bits: a collision is already rare). */
const UID_ATTEMPTS = 5;

export interface CreateOrderProps {
  request: CreateOrderRequest;
  /** The signed-in user, if any: the order is theirs, and a verified user skips the card check. */
  user: (Pick<User, 'id' | 'kycStatus'> & { referrerId?: number | null }) | null;
  lang: Lang;
  /** Translates validation messages into the request's language. */
  t: Translate;
  /** Send the "order created" mail (false once its address had its share: orders/limits.ts). Default true. */
  mailCreated?: boolean;
  /** The client's address, checked against the blacklist's IP ranges. */
  ip?: string | null;
  /**
   * Made through the partner API (backend/partnerApi): `user` is the key's owner, who is also the
   * order's partner (referrerId); the key, the partner's own id (unique per key: a repeat throws
   * ExternalIdTaken, even a parallel one) and the order's webhook address are kept. The address
   * is the partner's server, not the customer's: no ipHash (the same-IP rule has nothing to compare).
   */
  api?: { keyId: number; externalId: string | null; callbackUrl: string | null };
  /**
   * The rate a fixed quote promised (partner API `rate`), honoured while the quote lasts (its
   * caller checks the end): the amounts are priced at it, the limits and the reserve are today's.
   */
  quotedRate?: string;
}

/** The address an order's mails go to, as stored (and as its mail limit counts it). */
export function orderEmail(request: Pick<CreateOrderRequest, 'email'>): string {
  return request.email.trim().toLowerCase();
}

/**
 * The one home of the card-check rule: only bank cards are checked; a KYC-verified user, or an
 * order paid from a card the user saved and an operator verified (backend/requisites, not past
 * its date), skips it.
 */
async function cardCheckFor(ctx: OrdersContext, from: Asset, user: CreateOrderProps['user'], senderAccount: string | undefined): Promise<CardCheck> {
  if (!isBankCard(from)) return 'not_required';
  if (user?.kycStatus === 'approve') return 'not_required';
  if (user && (await isVerifiedCardOf(ctx.models, ctx.secretKeys, user.id, senderAccount, ctx.now()))) return 'not_required';
  return 'required';
}

/**
 * What an order of `request` would be priced at now: the widget's quote of the live rate (422
 * direction_unavailable, 400 for the rate type, AmountRefused for the amount) — or of `quotedRate`,
 * a fixed quote's promised rate, with the direction's current limits and reserve.
 */
export async function priceOrder(
  ctx: Pick<OrdersContext, 'rates' | 'models'>,
  request: Pick<CreateOrderRequest, 'from' | 'to' | 'rateType' | 'amountSend' | 'amountReceive'>,
  t: Translate,
  quotedRate?: string,
) {
  const state = ctx.rates.current();
  const offered = offeredRate(state, request);
  if (!state || !offered) throw new DirectionUnavailable();
  const { from: fromRate, to: toRate } = offered;
  const rate = quotedRate === undefined ? offered.rate : { ...offered.rate, rate: quotedRate };
  const direction = await offeredDirection(ctx, request.from, request.to);
  if (!direction.rateTypes.includes(request.rateType) || !rate.rateTypes.includes(request.rateType)) {
    throw new ValidationError({ rateType: t(validationMessage('general_error').key) });
  }
  const side = request.amountSend !== undefined ? 'amountSend' : 'amountReceive';
  const input = request.amountSend !== undefined ? { amountSend: request.amountSend } : { amountReceive: request.amountReceive! };
  const quote = quoteAmounts(rate, fromRate, toRate, input, t);
  if (quote.violation) throw new AmountRefused(quote.violation.code, { [side]: quote.violation.message });
  return { state, rate, fromRate, toRate, direction, quote };
}

export async function createOrder(ctx: OrdersContext, props: CreateOrderProps): Promise<CreateOrderResponse> {
  const { request, t } = props;
  const { state, rate, fromRate, toRate, direction, quote } = await priceOrder(ctx, request, t, props.quotedRate);
  const extra = await checkDirectionFields(
    request,
    { extraFields: direction.extraFields, from: direction.fromAsset, to: direction.toAsset },
    t,
  );

  // The blacklist: a `refuse` match answers 403 order_refused (the message names no list), a
  // `hold` match creates the order and then holds it by the status table (changeOrder).
  const hit = await checkBlacklist(
    ctx.models,
    { email: request.email, accounts: [request.senderAccount, request.receiverAccount, ...Object.values(extra)], ip: props.ip },
    ctx.secretKeys,
  );
  if (hit?.entry.action === 'refuse') {
    await writeTransaction(ctx.sequelize, (transaction) =>
      recordBlacklistMatch(ctx.models, transaction, { entry: hit.entry, ip: props.ip ?? null, order: null, email: orderEmail(request) }),
    );
    throw new OrderRefused();
  }

  const mailCreated = props.mailCreated !== false;
  const now = ctx.now();
  const window = new Date(now.getTime() + direction.fixedPeriodMinutes * 60_000);
  const secret = newOrderSecret();
  const base = {
    secretHash: hashOrderSecret(secret),
    userId: props.user?.id ?? null,
    lang: props.lang,
    email: orderEmail(request),
    fromCode: request.from,
    toCode: request.to,
    rateType: request.rateType,
    rate: rate.rate,
    marketRate: storedMarketRate(marketRate(state.prices, fromRate, toRate)),
    amountSend: quote.amountSend,
    amountReceive: quote.amountReceive,
    rateLockedUntil: request.rateType === 'fixed' ? window : null,
    expiresAt: window,
    status: 'new' as const,
    manual: direction.manual,
    // Through the partner API the customer is not the key's owner: the owner's KYC or cards waive nothing.
    cardCheck: await cardCheckFor(ctx, direction.fromAsset, props.api ? null : props.user, request.senderAccount),
    senderAccount: request.senderAccount?.trim() || null,
    receiverAccount: request.receiverAccount?.trim() || null,
    extra,
    comment: request.comment?.trim() || null,
    ref: request.ref ?? null,
    // The referral programme: the partner (a signed-in customer's binding wins), the address as a keyed hash.
    referrerId: props.api && props.user ? props.user.id : await orderPartner(ctx.models, { user: props.user, ref: request.ref }),
    ipHash: props.api ? null : requestIpHash(ctx.secretKeys, props.ip),
    apiKeyId: props.api?.keyId ?? null,
    externalId: props.api?.externalId ?? null,
    callbackUrl: props.api?.callbackUrl ?? null,
    blacklistMatch: hit?.match ?? null,
    // The terms of use in force now: the version the customer accepted with the checkbox.
    termsVersion: await currentTermsVersion(ctx.models, now),
  };

  for (let attempt = 1; ; attempt += 1) {
    const uid = newOrderUid();
    try {
      const created = await writeTransaction(ctx.sequelize, async (transaction) => {
        // The details it will show from the pay step on, taken in rotation (./paymentDetails.ts).
        const payTo = await pickPaymentDetail(ctx.models, base.fromCode, transaction, now);
        const order = await ctx.models.Order.create(
          {
            ...base,
            uid,
            secretSealed: sealOrderSecret(ctx, uid, secret),
            paymentDetailId: payTo?.id ?? null,
          },
          { transaction },
        );
        const event = await ctx.models.OrderEvent.create(
          { orderId: order.id, action: 'created', fromStatus: null, toStatus: 'new', actor: 'customer', actorUserId: props.user?.id ?? null, actorName: null, details: null },
          { transaction },
        );
        // An order the blacklist holds gets its one creation mail with the hold (holdMatchedOrder).
        const mail = !mailCreated || hit ? null : await queueOrderMail(ctx, transaction, order, orderCreatedMail(order, { from: direction.fromAsset, to: direction.toAsset }));
        await enqueueAlert(ctx.alerts, transaction, {
          kind: 'orderCreated',
          uid,
          amountSend: order.amountSend,
          from: order.fromCode,
          amountReceive: order.amountReceive,
          to: order.toCode,
        });
        // Everything the view needs is at hand: no more reads inside the writer's turn.
        return { view: { order, from: direction.fromAsset, to: direction.toAsset, payTo, events: [event] } satisfies OrderView, mail };
      });
      // Committed: publish and mail outside the transaction.
      await announceOrderChange(ctx, created.view, {
        kind: 'status',
        mails: created.mail ? [created.mail] : [],
        priority: props.user?.kycStatus === 'approve',
        newOrder: true,
      });
      const view = hit ? await holdMatchedOrder(ctx, created.view, { from: direction.fromAsset, to: direction.toAsset }, hit.entry, { ip: props.ip ?? null, mailCreated }) : created.view;
      return { uid, secret, url: orderPath(uid, secret), order: presentOrder(view) };
    } catch (error) {
      if (error instanceof UniqueConstraintError && (await externalIdTaken(ctx, props.api))) throw new ExternalIdTaken();
      if (error instanceof UniqueConstraintError && attempt < UID_ATTEMPTS) continue;
      throw error;
    }
  }
}

/** Whether the key already has an order with this external id (the unique index refused a repeat). */
async function externalIdTaken(ctx: OrdersContext, api: CreateOrderProps['api']): Promise<boolean> {
  if (!api?.externalId) return false;
  return (await ctx.models.Order.count({ where: { apiKeyId: api.keyId, externalId: api.externalId } })) > 0;
}

/**
 * The rate before the markup of the same prices (the drawer's profit: this process's, never sent
 * out), cut to the places the column keeps: under a negative markup it can have one place more
 * than the rate.
 */
function storedMarketRate(rate: string | null): string | null {
  return rate === null ? null : normalizeMoney(toStorageDecimal(rate));
}

/**
 * A new order the blacklist holds: put on hold by the system, as the status table allows, with the
 * match audited. The customer gets one mail, "created and being checked" (not "created" then "on
 * hold").
 */
async function holdMatchedOrder(
  ctx: OrdersContext,
  view: OrderView,
  sides: Parameters<typeof orderCreatedMail>[1],
  entry: BlacklistEntry,
  props: { ip: string | null; mailCreated: boolean },
): Promise<OrderView> {
  const { order } = view;
  return changeOrder(ctx, {
    orderId: order.id,
    action: 'hold',
    actor: SYSTEM,
    rule: 'hold',
    plan: (fresh, _now, to) => ({
      set: { status: to },
      within: (transaction) => recordBlacklistMatch(ctx.models, transaction, { entry, ip: props.ip, order: order.uid, email: order.email }),
      mail: props.mailCreated ? orderCreatedMail(fresh, sides, { held: true }) : null,
    }),
  });
}

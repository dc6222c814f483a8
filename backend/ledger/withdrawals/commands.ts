/**
 * Withdrawal requests: the quote, the partner's request (the request row and the ledger hold in
 * one transaction) and the operators' status changes (conditional on the request's version; paid
 * settles the hold to payouts, a refusal voids it back to available; audited, mailed, announced
 * after the commit).
 */
import { Op } from 'sequelize';
import { isBankCard, moneyOfAsset } from '../../../common/catalogue';
import { Big, formatAmount } from '../../../common/money';
import { accountProblem } from '../../../common/paymentDetails';
import { maskCard, maskWallet, cardNumberDigits } from '../../../common/requisites';
import { REFERRAL_CURRENCY, WITHDRAWAL_MOVES, type WithdrawalMove, type WithdrawalQuote, type WithdrawalRequest } from '../../../common/referral';
import { rules, translateMessage, validationMessage } from '../../../common/validation';
import { OtpRequired } from '../../accounts/errors';
import { checkTotpCode } from '../../accounts/twoFactor';
import { recordAudit, type AuditActor } from '../../audit/record';
import type { Asset, User, Withdrawal } from '../../models';
import { writeTransaction } from '../../platform/db/transaction';
import { ValidationError } from '../../platform/errors';
import type { Translate } from '../../platform/i18n';
import { deliverMails, queueMail, type OutboxMail } from '../../platform/mail/outbox';
import { seal } from '../../platform/security/secretBox';
import { marketRate } from '../../rates/math';
import { isVerifiedCardOf, verifiedCardNumberOf } from '../../requisites/queries';
import { BelowMinPayout, CardNotVerified, InsufficientFunds, NoFunds, RateUnavailable, WithdrawalStateConflict } from '../errors';
import { announcePartnerChange } from '../live';
import { openAccounts } from '../post';
import { holdWithdrawal, partnerAccount, partnerBalances, settleWithdrawal } from '../referral';
import type { WithdrawalsContext } from './context';
import { readMinPayout } from '../../referral/settings';

/** The partner's page: the mails' button. */
export const PARTNER_PAGE = '/user/partner';

export function withdrawalSealContext(userId: number): string {
  return `withdrawal:user:${userId}`;
}

async function enabledAsset(ctx: WithdrawalsContext, code: string, t: Translate): Promise<Asset> {
  const asset = await ctx.models.Asset.findOne({ where: { code, enabled: true } });
  if (!asset || asset.type === 'cash') throw new ValidationError({ currency: t(validationMessage('general_error').key) });
  return asset;
}

/** Units of the asset per USDT now (the market rate of the live rates state, before any markup). */
function rateOf(ctx: WithdrawalsContext, asset: Pick<Asset, 'currency' | 'precision'>): string {
  if (asset.currency === REFERRAL_CURRENCY) return '1';
  const state = ctx.rates.current();
  if (!state || state.expired) throw new RateUnavailable();
  const rate = marketRate(state.prices, { currency: REFERRAL_CURRENCY, precision: 18 }, { currency: asset.currency, precision: asset.precision });
  if (!rate) throw new RateUnavailable();
  return rate;
}

function quoteFor(ctx: WithdrawalsContext, asset: Asset, amount: string): WithdrawalQuote {
  const rate = rateOf(ctx, asset);
  const payout = new Big(amount).times(rate).round(asset.precision, Big.roundDown);
  return { currency: asset.code, amount: new Big(amount).toFixed(), payout: payout.toFixed(), rate };
}

/** What a request of `amount` USDT would pay in `currency` now. */
export async function quoteWithdrawal(ctx: WithdrawalsContext, props: { currency: string; amount: string; t: Translate }): Promise<WithdrawalQuote> {
  const asset = await enabledAsset(ctx, props.currency, props.t);
  if (new Big(props.amount).lte(0)) throw new ValidationError({ amount: props.t(validationMessage('general_error').key) });
  return quoteFor(ctx, asset, props.amount);
}

/** The account to pay to, as stored: a card sealed (only a verified one of the user), a wallet as typed. */
async function payoutAccount(ctx: WithdrawalsContext, user: User, asset: Asset, account: string, t: Translate) {
  if (isBankCard(asset)) {
    // One of the user's verified cards: by its saved id (what the withdraw page sends) or its number.
    const savedId = /^\d{1,12}$/.test(account.trim()) ? Number(account.trim()) : null;
    const digits = savedId !== null ? await verifiedCardNumberOf(ctx.models, ctx.secretKeys, user.id, savedId, ctx.now()) : cardNumberDigits(account);
    if (!digits || (savedId === null && !(await isVerifiedCardOf(ctx.models, ctx.secretKeys, user.id, digits, ctx.now())))) throw new CardNotVerified();
    return { accountKind: 'card' as const, account: seal(digits, ctx.secretKeys[0]!, { context: withdrawalSealContext(user.id) }), accountMasked: maskCard(digits) };
  }
  const wallet = account.normalize('NFKC').trim();
  if (!wallet) throw new ValidationError({ account: t(validationMessage('required').key) });
  // The shape an order's account must have (common/validation `account`) in its asset's form, as an
  // order's side is checked (common/paymentDetails.ts accountProblem: a wallet of the asset's
  // network): a payout to text that no network takes cannot be made.
  if (rules.account(wallet) !== true) throw new ValidationError({ account: t(validationMessage('account').key) });
  const problem = accountProblem(asset, wallet);
  if (problem !== true) throw new ValidationError({ account: translateMessage(problem, t) });
  return { accountKind: 'wallet' as const, account: wallet, accountMasked: maskWallet(wallet) };
}

/**
 * A partner's withdrawal request: 400 for an unknown or disabled asset, 422 below_min_payout,
 * 422 card_not_verified, 400 otp_required / invalid_code when 2FA is on, 409 no_funds when
 * nothing is available, 409 insufficient_funds when the amount is more (checked again by the
 * ledger's conditional update: concurrent requests never take more than there is).
 * `viaApiKey`: the request comes through a partner API key with "allow withdrawals" (backend/partnerApi),
 * which could only be turned on with a current 2FA code: the key is the authorisation, no code is asked.
 */
export async function requestWithdrawal(ctx: WithdrawalsContext, props: { user: User; input: WithdrawalRequest; t: Translate; viaApiKey?: boolean }): Promise<Withdrawal> {
  const { user, input, t } = props;
  const totp = user.twoFactorEnabled && !props.viaApiKey;
  const asset = await enabledAsset(ctx, input.currency, t);
  const amount = new Big(input.amount);
  const min = await readMinPayout(ctx.models);
  if (amount.lte(0) || amount.lt(min)) throw new BelowMinPayout({ values: { min } });
  const account = await payoutAccount(ctx, user, asset, input.account, t);
  if (totp && !input.code) throw new OtpRequired();
  const available = new Big((await partnerBalances(ctx, user.id)).available);
  if (available.lte(0)) throw new NoFunds();
  if (amount.gt(available)) throw new InsufficientFunds();
  const quote = quoteFor(ctx, asset, input.amount);
  await openAccounts(ctx, [partnerAccount(user.id, 'available'), partnerAccount(user.id, 'held')]);
  const row = await writeTransaction(ctx.sequelize, async (transaction) => {
    if (totp) await checkTotpCode(ctx, user, input.code!, transaction);
    const created = await ctx.models.Withdrawal.create(
      { userId: user.id, currency: asset.code, amount: quote.amount, payout: quote.payout, rate: quote.rate, ...account, status: 'new', reason: null, decidedById: null },
      { transaction },
    );
    await holdWithdrawal(ctx, transaction, { withdrawalId: created.id, userId: user.id, amount: quote.amount });
    return created;
  });
  await announcePartnerChange(ctx, { userId: user.id, kind: 'withdrawal', withdrawal: { id: row.id, status: row.status } });
  return row;
}

const MAIL_TEMPLATES = { processing: 'withdrawalProcessing', paid: 'withdrawalPaid', rejected: 'withdrawalRejected' } as const;

/**
 * An operator's change of a request (null when there is no such request: 404). 409
 * invalid_transition when it is not in a status the move starts from (paid or rejected twice, a
 * concurrent change won).
 */
export async function moveWithdrawal(
  ctx: WithdrawalsContext,
  props: { id: number; move: WithdrawalMove; reason?: string | null; actor: AuditActor; ip: string | null },
): Promise<Withdrawal | null> {
  const { from, to } = WITHDRAWAL_MOVES[props.move];
  const reason = props.move === 'reject' ? props.reason?.trim() || null : null;
  const mails: OutboxMail[] = [];
  const row = await writeTransaction(ctx.sequelize, async (transaction) => {
    const found = await ctx.models.Withdrawal.findByPk(props.id, { transaction });
    if (!found) return null;
    const before = found.status;
    if (!from.includes(before)) throw new WithdrawalStateConflict();
    const [changed] = await ctx.models.Withdrawal.update(
      { status: to, reason, decidedById: props.actor.id, version: found.version + 1 },
      { where: { id: found.id, version: found.version, status: { [Op.in]: from } }, transaction },
    );
    if (changed !== 1) throw new WithdrawalStateConflict();
    await found.reload({ transaction });
    if (to === 'paid' || to === 'rejected') {
      await settleWithdrawal(ctx, transaction, { withdrawalId: found.id, userId: found.userId, amount: found.amount }, to === 'paid' ? 'paid' : 'void');
    }
    await recordAudit(ctx.models, transaction, {
      actor: props.actor,
      ip: props.ip,
      action: `withdrawal.${props.move}`,
      target: { type: 'withdrawal', id: String(found.id) },
      before: { status: before },
      after: { status: to, ...(reason ? { reason } : {}) },
    });
    const user = await ctx.models.User.findByPk(found.userId, { transaction });
    if (user) {
      // The payout as the partner page shows it ("1 500 RUB"), the asset by its name in the partner's language.
      const asset = await ctx.models.Asset.findOne({ where: { code: found.currency }, attributes: ['currency', 'name', 'nameRu'], transaction });
      const payout = asset ? moneyOfAsset(found.payout, asset, user.lang) : `${formatAmount(found.payout)} ${found.currency}`;
      mails.push(
        await queueMail(ctx, transaction, {
          to: user.email,
          lang: user.lang,
          template: MAIL_TEMPLATES[to as keyof typeof MAIL_TEMPLATES],
          vars: { name: user.firstName ?? '', amount: formatAmount(found.amount), payout, account: found.accountMasked, link: PARTNER_PAGE, ...(reason ? { reason } : {}) },
        }),
      );
    }
    return found;
  });
  deliverMails(ctx, mails);
  if (row) await announcePartnerChange(ctx, { userId: row.userId, kind: 'withdrawal', withdrawal: { id: row.id, status: row.status } });
  return row;
}

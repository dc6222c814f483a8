/**
 * The writes of saved requisites, each one transaction (writeTransaction): add a card or wallet,
 * attach a card's photo (it then waits in the operators' queue), delete (soft: the row stays as
 * the verification record), an operator's decision (audited, mailed, announced to the user's
 * page after the commit), and the card an operator approved during one of the user's orders.
 */
import type { Transaction } from 'sequelize';
import { accountProblem, luhnValid } from '../../common/paymentDetails';
import { maskCard, maskWallet, requisiteAssetFits, type CreateRequisiteInput } from '../../common/requisites';
import { translateMessage, validationMessage } from '../../common/validation';
import { recordAudit, type AuditActor } from '../audit/record';
import type { Models, Order, Requisite, User } from '../models';
import { writeTransaction } from '../platform/db/transaction';
import { ValidationError } from '../platform/errors';
import type { Translate } from '../platform/i18n';
import { deliverMails, queueMail, type OutboxMail } from '../platform/mail/outbox';
import type { RequisitesContext } from './context';
import { CardNumberInvalid, RequisiteExists, RequisiteStateConflict } from './errors';
import { announceRequisiteChange } from './live';
import { normalizeRequisiteNumber, requisiteHash, requisiteHashes, sealRequisiteNumber } from './numbers';
import { shownStatus } from './presenters';

/** The user's page path, for the mails' button. */
export const REQUISITES_PAGE = '/user/requisites';

function announce(ctx: RequisitesContext, row: Requisite, queue = false): Promise<void> {
  return announceRequisiteChange(ctx, { userId: row.userId, id: row.id, status: shownStatus(row, ctx.now()), queue });
}

/** Whether another user has this number verified (deleted rows count: their verification stands in the record). */
async function verifiedForAnother(models: Pick<Models, 'Requisite'>, transaction: Transaction, userId: number, hashes: string[]): Promise<boolean> {
  const rows = await models.Requisite.findAll({ where: { numberHash: hashes, status: 'verified' }, attributes: ['userId'], transaction });
  return rows.some((row) => row.userId !== userId);
}

/**
 * A new card (pending: it waits for its photo) or wallet (saved). 400 for an unknown asset or a
 * card on an asset that is not a bank card, 422 card_number_invalid when Luhn refuses the digits,
 * 409 requisite_exists when the user already has it. A card verified for another account is
 * flagged `shared`: it is never verified on its own, and the operators see the flag.
 */
export async function addRequisite(ctx: RequisitesContext, props: { user: Pick<User, 'id'>; input: CreateRequisiteInput; t: Translate }): Promise<Requisite> {
  const { input, user, t } = props;
  const asset = await ctx.models.Asset.findOne({ where: { code: input.asset } });
  if (!asset || !requisiteAssetFits(input.kind, asset)) throw new ValidationError({ asset: t(validationMessage('general_error').key) });
  const normalized = normalizeRequisiteNumber(input.kind, input.number);
  if (!normalized) throw new ValidationError({ number: t(validationMessage('account').key) });
  if (input.kind === 'card' && !luhnValid(normalized)) throw new CardNumberInvalid();
  if (input.kind === 'wallet') {
    // A wallet of the asset's network (common/walletForms.ts), as an order's account is checked.
    const problem = accountProblem(asset, normalized);
    if (problem !== true) throw new ValidationError({ number: translateMessage(problem, t) });
  }
  const hashes = requisiteHashes(ctx.secretKeys, input.kind, normalized);
  const row = await writeTransaction(ctx.sequelize, async (transaction) => {
    const mine = await ctx.models.Requisite.findOne({ where: { userId: user.id, numberHash: hashes, deletedAt: null }, transaction });
    if (mine) throw new RequisiteExists();
    const card = input.kind === 'card';
    return ctx.models.Requisite.create(
      {
        userId: user.id,
        kind: input.kind,
        assetCode: asset.code,
        numberSealed: sealRequisiteNumber(ctx.secretKeys, user.id, normalized),
        numberHash: requisiteHash(ctx.secretKeys, input.kind, normalized),
        masked: card ? maskCard(normalized) : maskWallet(normalized),
        holder: input.holder?.trim() || null,
        expiryMonth: card ? (input.expiryMonth ?? null) : null,
        expiryYear: card ? (input.expiryYear ?? null) : null,
        status: card ? 'pending' : 'saved',
        rejectReason: null,
        shared: card && (await verifiedForAnother(ctx.models, transaction, user.id, hashes)),
        photoKey: null,
        photoAt: null,
        orderUid: null,
        decidedById: null,
        decidedAt: null,
        deletedAt: null,
      },
      { transaction },
    );
  });
  await announce(ctx, row);
  return row;
}

/**
 * A card's photo (stored by backend/uploads): the card waits in the queue again (a rejected one
 * too). Returns the replaced photo's key for the caller to remove. 409 for a wallet or a
 * verified card.
 */
export async function attachRequisitePhoto(ctx: RequisitesContext, props: { row: Requisite; key: string }): Promise<{ row: Requisite; replaced: string | null }> {
  const { row: requisite } = props;
  if (requisite.kind !== 'card' || (requisite.status !== 'pending' && requisite.status !== 'rejected')) throw new RequisiteStateConflict();
  const replaced = requisite.photoKey;
  await writeTransaction(ctx.sequelize, (transaction) =>
    requisite.update({ photoKey: props.key, photoAt: ctx.now(), status: 'pending', rejectReason: null }, { transaction }),
  );
  await announce(ctx, requisite, true);
  return { row: requisite, replaced };
}

/** Deletes a requisite for the user: the number and photo go, the row stays as the verification record. Returns the photo key to remove. */
export async function removeRequisite(ctx: RequisitesContext, props: { row: Requisite }): Promise<string | null> {
  const { row } = props;
  const photo = row.photoKey;
  await writeTransaction(ctx.sequelize, (transaction) => row.update({ deletedAt: ctx.now(), numberSealed: null, photoKey: null }, { transaction }));
  // A card waiting with its photo leaves the operators' queue.
  await announce(ctx, row, photo !== null);
  return photo;
}

export interface RequisiteDecisionProps {
  id: number;
  decision: 'approve' | 'reject';
  /** Rejections only; blank: the default text. */
  reason?: string | null;
  actor: AuditActor;
  ip: string | null;
  /** Translates the default reason for the mail, in the user's language. */
  translate: (lang: User['lang'], key: string) => string;
}

/** An operator's decision on a card waiting with its photo (404 when none waits under that id). */
export async function decideRequisite(ctx: RequisitesContext, props: RequisiteDecisionProps): Promise<Requisite | null> {
  const { decision, actor } = props;
  const reason = decision === 'reject' ? props.reason?.trim() || null : null;
  const mails: OutboxMail[] = [];
  const row = await writeTransaction(ctx.sequelize, async (transaction) => {
    const found = await ctx.models.Requisite.findOne({ where: { id: props.id, deletedAt: null }, transaction, lock: transaction.LOCK.UPDATE });
    if (!found) return null;
    if (found.status !== 'pending' || !found.photoKey) throw new RequisiteStateConflict();
    const status = decision === 'approve' ? 'verified' : 'rejected';
    await found.update({ status, rejectReason: reason, decidedById: actor.id, decidedAt: ctx.now() }, { transaction });
    await recordAudit(ctx.models, transaction, {
      actor,
      ip: props.ip,
      action: `requisite.${decision}`,
      target: { type: 'requisite', id: String(found.id) },
      before: { status: 'pending', shared: found.shared },
      after: { status, ...(reason ? { reason } : {}) },
    });
    const user = await ctx.models.User.findByPk(found.userId, { transaction });
    if (user) {
      const shownReason = reason ?? props.translate(user.lang, 'requisites.rejectedDefault');
      mails.push(
        await queueMail(ctx, transaction, {
          to: user.email,
          lang: user.lang,
          template: decision === 'approve' ? 'requisiteVerified' : 'requisiteRejected',
          vars: { name: user.firstName ?? '', card: found.masked, link: REQUISITES_PAGE, ...(decision === 'reject' ? { reason: shownReason } : {}) },
        }),
      );
    }
    return found;
  });
  deliverMails(ctx, mails);
  if (row) await announce(ctx, row, true);
  return row;
}

/**
 * In the transaction of an order's `card-approve`: the card the order is paid from becomes a
 * verified requisite of the order's signed-in owner (a row of theirs already holding it is
 * verified; otherwise one is created). Orders without a user, or whose sender account is not a
 * card number passing Luhn, save nothing. Returns the saved row (to announce after the commit).
 */
export async function saveApprovedOrderCard(
  deps: { models: Pick<Models, 'Requisite'>; secretKeys: readonly string[]; now: () => Date },
  transaction: Transaction,
  props: { order: Pick<Order, 'uid' | 'userId' | 'fromCode' | 'senderAccount'>; actorId: number | null },
): Promise<Requisite | null> {
  const { order } = props;
  const digits = order.userId && order.senderAccount ? normalizeRequisiteNumber('card', order.senderAccount) : null;
  if (!order.userId || !digits || !luhnValid(digits)) return null;
  const verified = { status: 'verified' as const, rejectReason: null, decidedById: props.actorId, decidedAt: deps.now(), orderUid: order.uid };
  const mine = await deps.models.Requisite.findOne({
    where: { userId: order.userId, numberHash: requisiteHashes(deps.secretKeys, 'card', digits), deletedAt: null },
    transaction,
  });
  if (mine) return mine.update(verified, { transaction });
  return deps.models.Requisite.create(
    {
      userId: order.userId,
      kind: 'card',
      assetCode: order.fromCode,
      numberSealed: sealRequisiteNumber(deps.secretKeys, order.userId, digits),
      numberHash: requisiteHash(deps.secretKeys, 'card', digits),
      masked: maskCard(digits),
      holder: null,
      expiryMonth: null,
      expiryYear: null,
      shared: false,
      photoKey: null,
      photoAt: null,
      deletedAt: null,
      ...verified,
    },
    { transaction },
  );
}

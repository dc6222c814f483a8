/**
 * The admins' payment details: list, create (checked per asset type), soft delete, each write in
 * writeTransaction with its audit record. The audit and the logs see accounts masked (last four
 * characters): a card number or wallet never reaches them in full.
 */
import type { Sequelize } from 'sequelize';
import { accountProblem, maskAccount, normalizeCardNumber, type CreatePaymentDetailRequest, type PaymentDetailDto } from '../../common/paymentDetails';
import { rules, translateMessage, validationMessage } from '../../common/validation';
import { NotFoundError, ValidationError } from '../platform/errors';
import type { Translate } from '../platform/i18n';
import { writeTransaction } from '../platform/db/transaction';
import { recordAudit, type AuditActor } from '../audit/record';
import type { Asset, Models, PaymentDetail } from '../models';
import { isBankCard } from './directionRules';

type AdminModels = Pick<Models, 'Asset' | 'PaymentDetail' | 'AuditRecord'>;

export interface StaffWrite {
  sequelize: Sequelize;
  models: AdminModels;
  actor: AuditActor;
  ip: string | null;
}

export function presentPaymentDetail(row: PaymentDetail): PaymentDetailDto {
  return {
    id: row.id,
    asset: row.assetCode,
    account: row.account,
    memo: row.memo ?? null,
    holder: row.holder ?? null,
    note: row.note ?? null,
    enabled: row.enabled,
    demo: row.demo,
    useCount: row.useCount,
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every row not deleted, by asset then id. */
export async function listPaymentDetails(models: Pick<Models, 'PaymentDetail'>): Promise<PaymentDetail[]> {
  return models.PaymentDetail.findAll({ where: { deletedAt: null }, order: [['assetCode', 'ASC'], ['id', 'ASC']] });
}

/** What is in the audit of a row: the account masked. */
function audited(row: PaymentDetail): Record<string, unknown> {
  return { asset: row.assetCode, account: maskAccount(row.account), holder: row.holder ?? null, note: row.note ?? null, memo: row.memo ?? null };
}

/**
 * The account as stored for the asset's type, or a validation error on `account`: a bank card is
 * 13–19 digits passing Luhn (kept in groups of four), a wallet or other account the general
 * account rule without spaces, an office (cash) free text of 4 characters or more.
 */
function accountFor(asset: Pick<Asset, 'code' | 'type' | 'network' | 'currency'>, raw: string, t: Translate): string {
  const invalid = () => new ValidationError({ account: t(validationMessage('account').key) });
  if (raw === '') throw invalid();
  if (asset.type === 'cash') {
    if (raw.length < 4) throw invalid();
    return raw;
  }
  const problem = accountProblem(asset, raw);
  if (problem !== true) throw new ValidationError({ account: translateMessage(problem, t) });
  // A card is kept in groups of four; anything else in the general account shape.
  if (isBankCard(asset)) return normalizeCardNumber(raw)!;
  if (rules.account(raw) !== true) throw invalid();
  return raw;
}

export async function createPaymentDetail(write: StaffWrite, request: CreatePaymentDetailRequest, t: Translate): Promise<PaymentDetail> {
  const text = (value: string | undefined) => value?.trim() || null;
  const asset = await write.models.Asset.findOne({ where: { code: request.asset.trim() } });
  if (!asset) throw new ValidationError({ asset: t(validationMessage('unknown_asset').key) });
  const account = accountFor(asset, request.account.trim(), t);
  return writeTransaction(write.sequelize, async (transaction) => {
    const row = await write.models.PaymentDetail.create(
      { assetCode: asset.code, account, holder: text(request.holder), note: text(request.note), memo: text(request.memo), demo: false, enabled: true },
      { transaction },
    );
    await recordAudit(write.models, transaction, {
      actor: write.actor,
      ip: write.ip,
      action: 'payment-detail.create',
      target: { type: 'payment-detail', id: row.id },
      after: audited(row),
    });
    return row;
  });
}

/** Soft delete: new orders no longer get the row; orders given it keep showing it. 404 when absent or deleted already. */
export async function deletePaymentDetail(write: StaffWrite, id: number, now: Date = new Date()): Promise<void> {
  await writeTransaction(write.sequelize, async (transaction) => {
    const row = await write.models.PaymentDetail.findOne({ where: { id, deletedAt: null }, transaction });
    if (!row) throw new NotFoundError();
    const [changed] = await write.models.PaymentDetail.update({ deletedAt: now }, { where: { id, deletedAt: null }, transaction });
    if (changed !== 1) throw new NotFoundError();
    await recordAudit(write.models, transaction, {
      actor: write.actor,
      ip: write.ip,
      action: 'payment-detail.delete',
      target: { type: 'payment-detail', id },
      before: audited(row),
      after: { deleted: true },
    });
  });
}

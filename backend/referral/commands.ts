/** Staff and visitor writes of the programme: an admin's own percent for a partner (audited), a recorded click. */
import { normalizeMoney } from '../../common/money';
import type { PartnerPercentDto } from '../../common/referral';
import { recordAudit, type AuditActor } from '../audit/record';
import { NotFoundError } from '../platform/errors';
import { writeTransaction } from '../platform/db/transaction';
import { normalizeReferralCode, partnerIdByCode } from './codes';
import type { ReferralDeps } from './context';
import { ipHash } from './ipHash';

/** Longest user agent and landing path kept. */
export const CLICK_USER_AGENT_MAX = 200;
export const CLICK_PATH_MAX = 255;

/** Sets (or clears, with null) a partner's own percent; 404 for an unknown or deleted user. */
export async function setPartnerPercent(
  deps: Pick<ReferralDeps, 'sequelize' | 'models'>,
  props: { userId: number; percent: string | null; actor: AuditActor; ip: string | null },
): Promise<PartnerPercentDto> {
  const percent = props.percent === null ? null : normalizeMoney(props.percent);
  return writeTransaction(deps.sequelize, async (transaction) => {
    const user = await deps.models.User.findByPk(props.userId, { attributes: ['id', 'status', 'referralPercent'], transaction });
    if (!user || user.status === 'deleted') throw new NotFoundError();
    const before = user.referralPercent ?? null;
    await deps.models.User.update({ referralPercent: percent }, { where: { id: user.id }, transaction });
    await recordAudit(deps.models, transaction, {
      actor: props.actor,
      ip: props.ip,
      action: 'referral.partner_percent',
      target: { type: 'user', id: user.id },
      before: { percent: before },
      after: { percent },
    });
    return { userId: user.id, percent };
  });
}

/**
 * Records a `?r=` visit of a known code: the time, the keyed hash of the address (never the
 * address), the browser and the landing path, both cut. Unknown codes are not recorded (nothing to
 * attribute, nothing to fill the table with); the answer is the same either way.
 */
export async function recordClick(
  deps: Pick<ReferralDeps, 'sequelize' | 'models' | 'secretKeys'>,
  props: { code: string; ip: string; userAgent: string; path: string | null },
): Promise<boolean> {
  const code = normalizeReferralCode(props.code);
  if (!code || (await partnerIdByCode(deps.models, code)) === null) return false;
  const path = props.path?.trim() ? props.path.trim().slice(0, CLICK_PATH_MAX) : null;
  await writeTransaction(deps.sequelize, (transaction) =>
    deps.models.ReferralClick.create(
      { code, ipHash: ipHash(deps.secretKeys, props.ip), userAgent: props.userAgent.slice(0, CLICK_USER_AGENT_MAX) || null, landingPath: path },
      { transaction },
    ),
  );
  return true;
}

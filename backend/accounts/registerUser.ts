import { UniqueConstraintError } from 'sequelize';
import type { Lang } from '../../common/api';
import type { User } from '../models';
import { hashPassword, isCommonPassword } from '../platform/security/passwords';
import { normalizeEmail, writeAccount, type AccountsContext, type AccountWrite } from './context';
import { CommonPassword } from './errors';
import { resetUrl } from './passwordReset';
import { issueToken } from './tokens';
import { currentTermsVersion } from '../content/terms';
import { announceReferralBinding, registrationPartner } from '../referral/attribution';
import { unusedReferralCode } from '../referral/codes';

export interface RegisterUserProps {
  firstName: string;
  secondName: string;
  email: string;
  phone: string;
  password: string;
  ref?: string | null;
  lang: Lang;
}

/** The activation link the email carries: the SPA's `/auth/{token}` page. */
export function activationUrl(ctx: AccountsContext, token: string): string {
  return `${ctx.publicUrl}/auth/${token}`;
}

/** Issues a fresh activation link for a pending account and queues its email, in `write`. */
export async function queueActivation(
  ctx: AccountsContext,
  write: AccountWrite,
  user: Pick<User, 'id' | 'email' | 'lang' | 'firstName'>,
): Promise<void> {
  const token = await issueToken(ctx.models, { userId: user.id, purpose: 'activation' }, write.transaction);
  await write.mail(user, 'activation', { link: activationUrl(ctx, token) });
}

/** An email already registered: a pending account gets a new activation link, any other a reset link. */
async function answerTakenEmail(ctx: AccountsContext, write: AccountWrite, user: User): Promise<void> {
  if (user.status === 'pending') return queueActivation(ctx, write, user);
  const token = await issueToken(ctx.models, { userId: user.id, purpose: 'reset' }, write.transaction);
  await write.mail(user, 'registeredAgain', { link: resetUrl(ctx, token) });
}

/**
 * Registers a pending account and emails its activation link. The answer, and the work done
 * before it, are the same whether or not the email is taken, so neither tells: every path hashes
 * the password, looks the email up, issues one link and queues one mail in one transaction — a new
 * or pending account its activation link, an existing one a notice with a password-reset link (its
 * owner learns of the attempt and gets a way in). Only a new email adds its row (and, bound to a
 * partner, tells the partner after the commit: `partner:changed {kind:'referral'}`). Role and status
 * are never taken from the input. The mail is sent after the commit, the answer never waits for it.
 */
export async function registerUser(ctx: AccountsContext, props: RegisterUserProps): Promise<void> {
  if (isCommonPassword(props.password)) throw new CommonPassword();
  const email = normalizeEmail(props.email);
  const passwordHash = await hashPassword(props.password);
  // The terms of use in force now: the version accepted with the sign-up checkbox.
  const termsVersion = await currentTermsVersion(ctx.models, ctx.now());
  let boundTo: number | null = null;
  await writeAccount(ctx, async (write) => {
    const { transaction } = write;
    const existing = await ctx.models.User.findOne({ where: { email }, transaction });
    if (existing) return answerTakenEmail(ctx, write, existing);
    let user;
    try {
      user = await ctx.models.User.create(
        {
          email,
          passwordHash,
          firstName: props.firstName.trim(),
          secondName: props.secondName.trim(),
          phone: props.phone.trim(),
          referrer: props.ref ? props.ref.slice(0, 64) : null,
          // Bound for good to the partner the code names (referral/attribution.ts); their own code.
          referrerId: await registrationPartner(ctx.models, props.ref, transaction),
          referralCode: await unusedReferralCode(ctx.models, transaction),
          lang: props.lang,
          role: 'user',
          status: 'pending',
          termsVersion,
        },
        { transaction },
      );
    } catch (error) {
      // The same email registered concurrently: answer as for an existing account.
      if (error instanceof UniqueConstraintError) return;
      throw error;
    }
    await queueActivation(ctx, write, user);
    boundTo = user.referrerId ?? null;
  });
  // Committed: the partner's page shows the new referral live.
  await announceReferralBinding(ctx, boundTo);
}

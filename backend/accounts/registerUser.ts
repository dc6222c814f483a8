import { UniqueConstraintError } from 'sequelize';
import type { Lang } from '../../common/api';
import { hashPassword, isCommonPassword } from '../security/passwords';
import { normalizeEmail, sendAccountMail, type AccountsContext } from './context';
import { CommonPassword } from './errors';
import { issueToken } from './tokens';

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

/** Issues a fresh activation link for a pending account and emails it. */
export async function sendActivation(ctx: AccountsContext, user: { id: number; email: string; lang: Lang; firstName: string | null }): Promise<void> {
  const token = await issueToken(ctx.models, { userId: user.id, purpose: 'activation' });
  await sendAccountMail(ctx, user, 'activation', { link: activationUrl(ctx, token) });
}

/**
 * Registers a pending account and emails its activation link. The answer is the same whether
 * or not the email is taken: a pending account gets a new link, an existing one nothing (the
 * password is hashed in every case so the timing matches too). Role and status are never taken
 * from the input.
 */
export async function registerUser(ctx: AccountsContext, props: RegisterUserProps): Promise<void> {
  if (isCommonPassword(props.password)) throw new CommonPassword();
  const email = normalizeEmail(props.email);
  const passwordHash = await hashPassword(props.password);
  const existing = await ctx.models.User.findOne({ where: { email } });
  if (existing) {
    if (existing.status === 'pending') await sendActivation(ctx, existing);
    return;
  }
  let user;
  try {
    user = await ctx.models.User.create({
      email,
      passwordHash,
      firstName: props.firstName.trim(),
      secondName: props.secondName.trim(),
      phone: props.phone.trim(),
      referrer: props.ref ? props.ref.slice(0, 64) : null,
      lang: props.lang,
      role: 'user',
      status: 'pending',
    });
  } catch (error) {
    // The same email registered concurrently: answer as for an existing account.
    if (error instanceof UniqueConstraintError) return;
    throw error;
  }
  await sendActivation(ctx, user);
}

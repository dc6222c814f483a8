import type { AppSession } from '../platform/http/session';
import type { User } from '../models';
import { hashPassword, isCommonPassword, verifyPassword } from '../platform/security/passwords';
import { writeAccount, type AccountsContext } from './context';
import { CommonPassword, WrongPassword } from './errors';
import { endOtherSessions } from './sessions';

/** Changes the name fields only (no mass assignment: nothing else is read from the input). */
export async function editProfile(ctx: AccountsContext, user: User, props: { firstName: string; secondName: string }): Promise<void> {
  user.firstName = props.firstName.trim();
  user.secondName = props.secondName.trim();
  await writeAccount(ctx, ({ transaction }) => user.save({ fields: ['firstName', 'secondName'], transaction }));
}

/** Which emails the user wants: on a password change, on each sign-in. */
export async function updateNotifications(
  ctx: AccountsContext,
  user: User,
  props: { notifyPasswordChange: boolean; notifySignIn: boolean },
): Promise<void> {
  user.notifyPasswordChange = props.notifyPasswordChange;
  user.notifySignIn = props.notifySignIn;
  await writeAccount(ctx, ({ transaction }) => user.save({ fields: ['notifyPasswordChange', 'notifySignIn'], transaction }));
}

/** The password-changed email: when, and the way back in (password recovery). */
export function passwordChangedVars(): Record<string, string> {
  return { time: new Date().toISOString(), link: '/restore-password' };
}

export interface ChangePasswordProps {
  currentPassword: string;
  password: string;
  /** End every other session of the user (default in the route: true). */
  endOtherSessions: boolean;
}

/** Changes the password after checking the current one; this session stays signed in. */
export async function changePassword(ctx: AccountsContext, user: User, session: AppSession, props: ChangePasswordProps): Promise<void> {
  if (!(await verifyPassword(user.passwordHash ?? '', props.currentPassword))) throw new WrongPassword();
  if (isCommonPassword(props.password)) throw new CommonPassword();
  user.passwordHash = await hashPassword(props.password);
  await writeAccount(ctx, async (write) => {
    await user.save({ fields: ['passwordHash'], transaction: write.transaction });
    if (user.notifyPasswordChange) await write.mail(user, 'passwordChanged', passwordChangedVars());
  });
  if (props.endOtherSessions) await endOtherSessions(ctx.kv, user.id, session);
}

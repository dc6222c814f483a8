import type { AppSession } from '../platform/http/session';
import type { User } from '../models';
import { hashPassword, isCommonPassword, verifyPassword } from '../platform/security/passwords';
import { sendAccountMail, type AccountsContext } from './context';
import { CommonPassword, WrongPassword } from './errors';
import { endOtherSessions } from './sessions';

/** Changes the name fields only (no mass assignment: nothing else is read from the input). */
export async function editProfile(user: User, props: { firstName: string; secondName: string }): Promise<void> {
  user.firstName = props.firstName.trim();
  user.secondName = props.secondName.trim();
  await user.save({ fields: ['firstName', 'secondName'] });
}

/** Which emails the user wants: on a password change, on each sign-in. */
export async function updateNotifications(user: User, props: { notifyPasswordChange: boolean; notifySignIn: boolean }): Promise<void> {
  user.notifyPasswordChange = props.notifyPasswordChange;
  user.notifySignIn = props.notifySignIn;
  await user.save({ fields: ['notifyPasswordChange', 'notifySignIn'] });
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
  await user.save({ fields: ['passwordHash'] });
  if (props.endOtherSessions) await endOtherSessions(ctx.kv, user.id, session);
  if (user.notifyPasswordChange) await sendAccountMail(ctx, user, 'passwordChanged', passwordChangedVars());
}

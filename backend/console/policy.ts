/**
 * Who may use the console: the one policy the staff HTTP routes and the staff sockets ask.
 * `operator` works orders, review queues and customer look-up; `admin` all of that plus
 * configuration, users and staff. With NODE_ENV=production a staff account must have 2FA on
 * to reach any staff API (403 `two_factor_required`, with a message saying so).
 */
import type { UserRole } from '../../common/enums';
import { ErrorCode } from '../../common/api';
import { AppError, ForbiddenError } from '../platform/errors';
import type { Config } from '../platform/config/types';
import type { KV } from '../platform/kv/types';
import type { AppContext, AppMiddleware } from '../platform/http/types';
import type { Models, User } from '../models';
import { requireUser, signedInUser } from '../accounts/requireUser';

export const STAFF_ROLES = ['operator', 'admin'] as const satisfies readonly UserRole[];
export const ADMIN_ROLES = ['admin'] as const satisfies readonly UserRole[];

export interface StaffPolicy {
  /** Staff must have 2FA on (production). */
  requireTwoFactor: boolean;
}

export function staffPolicy(config: Pick<Config, 'env'>): StaffPolicy {
  return { requireTwoFactor: config.env === 'production' };
}

export type StaffAccess = 'ok' | 'forbidden' | 'two_factor_required';

/** The answer for `user` and an endpoint open to `roles`. */
export function staffAccess(
  user: Pick<User, 'status' | 'role' | 'twoFactorEnabled'>,
  roles: readonly string[],
  policy: StaffPolicy,
): StaffAccess {
  if (user.status !== 'active' || !roles.includes(user.role)) return 'forbidden';
  if (policy.requireTwoFactor && !user.twoFactorEnabled) return 'two_factor_required';
  return 'ok';
}

/** 403: staff without 2FA where it is required. */
export class TwoFactorRequired extends AppError {
  readonly status = 403;
  readonly code = ErrorCode.TwoFactorRequired;
}

export interface StaffDeps {
  kv: KV;
  models: Pick<Models, 'User'>;
  policy: StaffPolicy;
}

/** 401 when signed out, 403 unless the user holds one of `roles` (and 2FA where required). */
export function requireStaff(deps: StaffDeps, roles: readonly string[] = STAFF_ROLES): AppMiddleware[] {
  const signedIn = requireUser(deps);
  return [
    signedIn,
    async function requireStaffMiddleware(ctx, next) {
      const access = staffAccess(signedInUser(ctx), roles, deps.policy);
      if (access === 'two_factor_required') throw new TwoFactorRequired();
      if (access !== 'ok') throw new ForbiddenError();
      await next();
    },
  ];
}

/** The acting staff member of a request, as the audit records them. */
export function staffActor(ctx: AppContext): { id: number; email: string; role: string } {
  const user = signedInUser(ctx);
  return { id: user.id, email: user.email, role: user.role };
}

import type { SessionUser } from '../../../../common/api';

export type FindSessionUser = (userId: number) => Promise<SessionUser | null>;

/**
 * Loads the signed-in user for the session call. No accounts table exists yet (the accounts
 * issue adds users and replaces this lookup), so no session id can name a user.
 */
export const findNoSessionUser: FindSessionUser = async () => null;

import type { SessionUser } from '../../../../common/api';
import type { Models } from '../../../models';
import { presentProfile } from '../../../presenters/user';

export type FindSessionUser = (userId: number) => Promise<SessionUser | null>;

/** Nobody is signed in (apps built without a database in tests of other layers). */
export const findNoSessionUser: FindSessionUser = async () => null;

/** Loads an active user for the session call (the session's epoch is checked by the route). */
export function createFindSessionUser(models: Pick<Models, 'User'>): FindSessionUser {
  return async function findSessionUser(userId) {
    const user = await models.User.findByPk(userId);
    return user && user.status === 'active' ? presentProfile(user) : null;
  };
}

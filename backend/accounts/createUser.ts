import type { Lang } from '../../common/api';
import type { Models, User, UserRole } from '../models';
import { USER_ROLES } from './models/User';
import { hashPassword } from '../platform/security/passwords';
import { normalizeEmail } from './context';
import { writeTransaction } from '../platform/db/transaction';

export class UserExistsError extends Error {
  constructor(email: string) {
    super(`A user with the email ${email} already exists`);
    this.name = 'UserExistsError';
  }
}

export function isUserRole(value: unknown): value is UserRole {
  return typeof value === 'string' && (USER_ROLES as readonly string[]).includes(value);
}

/** Creates an account active at once (operations: `npm run cli -- user:create`). */
export async function createUser(
  models: Pick<Models, 'User'>,
  props: { email: string; password: string; role: UserRole; firstName?: string | null; secondName?: string | null; lang?: Lang },
): Promise<User> {
  const email = normalizeEmail(props.email);
  const passwordHash = await hashPassword(props.password);
  return writeTransaction(models.User.sequelize!, async (transaction) => {
    if (await models.User.findOne({ where: { email }, transaction })) throw new UserExistsError(email);
    return models.User.create(
      {
        email,
        passwordHash,
        firstName: props.firstName ?? null,
        secondName: props.secondName ?? null,
        phone: null,
        role: props.role,
        status: 'active',
        activatedAt: new Date(),
        lang: props.lang ?? 'ru',
      },
      { transaction },
    );
  });
}

import {
  DataTypes,
  Model,
  type CreationOptional,
  type ForeignKey,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { KycStatus, Lang } from '../../../common/api';
import { money } from '../../platform/db';

export const USER_ROLES = ['user', 'operator', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const USER_STATUSES = ['pending', 'active', 'blocked', 'deleted'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const KYC_STATUSES = ['approve', 'blocked', 'check'] as const;

/** An account (table `users`). Never sent as is: accounts/presenters.ts whitelists what leaves. */
export class User extends Model<InferAttributes<User>, InferCreationAttributes<User>> {
  declare id: CreationOptional<number>;
  /** Lower-cased; a deleted account keeps an anonymised placeholder. */
  declare email: string;
  /** argon2id PHC string; null once the account is deleted. */
  declare passwordHash: string | null;
  declare firstName: string | null;
  declare secondName: string | null;
  declare phone: string | null;
  declare role: CreationOptional<UserRole>;
  declare status: CreationOptional<UserStatus>;
  declare blockedUntil: CreationOptional<Date | null>;
  declare activatedAt: CreationOptional<Date | null>;
  /** The TOTP secret sealed with AES-GCM (security/secretBox). */
  declare twoFactorSecret: CreationOptional<string | null>;
  declare twoFactorEnabled: CreationOptional<boolean>;
  /** The last TOTP time step accepted: a code works once. */
  declare totpLastStep: CreationOptional<number | null>;
  declare notifyPasswordChange: CreationOptional<boolean>;
  declare notifySignIn: CreationOptional<boolean>;
  declare kycStatus: CreationOptional<KycStatus | null>;
  declare lang: CreationOptional<Lang>;
  /** Referral code given at registration. */
  declare referrer: CreationOptional<string | null>;
  /** This user's own partner code (`?r=`), unique; given at registration or lazily (referral/codes.ts). */
  declare referralCode: CreationOptional<string | null>;
  /** The partner this user was bound to at registration, for good (never changed later). */
  declare referrerId: CreationOptional<number | null>;
  /** An admin's own percent for this partner (wins over the tier table); null: the tiers. */
  declare referralPercent: CreationOptional<string | null>;
  /** The terms of use version accepted at registration (content/terms.ts; null: before versioning). */
  declare termsVersion: CreationOptional<number | null>;
  declare deletedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export const TOKEN_PURPOSES = ['activation', 'reset'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/** An emailed link token (table `user_tokens`): only its SHA-256 is stored. */
export class UserToken extends Model<InferAttributes<UserToken>, InferCreationAttributes<UserToken>> {
  declare id: CreationOptional<number>;
  declare userId: ForeignKey<User['id']>;
  declare purpose: TokenPurpose;
  declare tokenHash: string;
  declare expiresAt: Date;
  declare usedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** Initialises subclasses of User and UserToken bound to `sequelize` (see backend/models.ts). */
export function initUser(sequelize: Sequelize): { User: typeof User; UserToken: typeof UserToken } {
  class BoundUser extends User {}
  BoundUser.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      email: { type: DataTypes.STRING(191), allowNull: false, unique: true },
      passwordHash: { type: DataTypes.STRING(255), allowNull: true },
      firstName: { type: DataTypes.STRING(64), allowNull: true },
      secondName: { type: DataTypes.STRING(64), allowNull: true },
      phone: { type: DataTypes.STRING(32), allowNull: true },
      role: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'user', validate: { isIn: [[...USER_ROLES]] } },
      status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'pending', validate: { isIn: [[...USER_STATUSES]] } },
      blockedUntil: { type: DataTypes.DATE, allowNull: true },
      activatedAt: { type: DataTypes.DATE, allowNull: true },
      twoFactorSecret: { type: DataTypes.STRING(255), allowNull: true },
      twoFactorEnabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      totpLastStep: {
        type: DataTypes.BIGINT,
        allowNull: true,
        // mysql2 answers BIGINT as a string (bigNumberStrings); steps fit a double for millennia.
        get(this: User) {
          const raw = this.getDataValue('totpLastStep') as unknown;
          return raw === null || raw === undefined ? null : Number(raw);
        },
      },
      notifyPasswordChange: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      notifySignIn: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      kycStatus: { type: DataTypes.STRING(16), allowNull: true, validate: { isIn: [[...KYC_STATUSES]] } },
      lang: { type: DataTypes.STRING(8), allowNull: false, defaultValue: 'ru' },
      referrer: { type: DataTypes.STRING(64), allowNull: true },
      referralCode: { type: DataTypes.STRING(32), allowNull: true, unique: true },
      referrerId: { type: DataTypes.INTEGER, allowNull: true },
      referralPercent: money(sequelize, 'referralPercent', { allowNull: true }),
      termsVersion: { type: DataTypes.INTEGER, allowNull: true },
      deletedAt: { type: DataTypes.DATE, allowNull: true },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, modelName: 'User', tableName: 'users' },
  );

  class BoundUserToken extends UserToken {}
  BoundUserToken.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      userId: { type: DataTypes.INTEGER, allowNull: false },
      purpose: { type: DataTypes.STRING(16), allowNull: false, validate: { isIn: [[...TOKEN_PURPOSES]] } },
      tokenHash: { type: DataTypes.CHAR(64), allowNull: false, unique: true },
      expiresAt: { type: DataTypes.DATE, allowNull: false },
      usedAt: { type: DataTypes.DATE, allowNull: true },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, modelName: 'UserToken', tableName: 'user_tokens' },
  );
  return { User: BoundUser, UserToken: BoundUserToken };
}

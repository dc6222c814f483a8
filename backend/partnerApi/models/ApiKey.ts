import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';

/**
 * A partner API key (table `api_keys`, migration 0022). The secret is kept sealed
 * (security/secretBox, context `apikey:<publicKey>`) because the signed call needs it to verify
 * signatures; it leaves the server once, in the answer that created it. `ipAllowList` is a JSON
 * array (empty: any address). `lastNonce` is the last accepted `time`, a DECIMAL(20,0) read back
 * as a string. Deleting sets `deletedAt`: the key stops at once.
 */
export class ApiKey extends Model<InferAttributes<ApiKey>, InferCreationAttributes<ApiKey>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  declare publicKey: string;
  declare secretSealed: string;
  declare enabled: CreationOptional<boolean>;
  declare allowWithdrawals: CreationOptional<boolean>;
  declare ipAllowList: string[];
  declare callbackUrl: string | null;
  declare lastNonce: CreationOptional<string | null>;
  declare lastUsedAt: CreationOptional<Date | null>;
  declare deletedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** The context the secret of `publicKey` is sealed under: a sealed secret copied to another row does not open. */
export function apiKeySealContext(publicKey: string): string {
  return `apikey:${publicKey}`;
}

export function initApiKey(sequelize: Sequelize): typeof ApiKey {
  class BoundApiKey extends ApiKey {}
  BoundApiKey.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      userId: { type: DataTypes.INTEGER, allowNull: false },
      publicKey: { type: DataTypes.STRING(64), allowNull: false, unique: true },
      secretSealed: { type: DataTypes.TEXT, allowNull: false },
      enabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      allowWithdrawals: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      ipAllowList: {
        type: DataTypes.TEXT,
        allowNull: false,
        get(this: ApiKey) {
          const raw = this.getDataValue('ipAllowList') as unknown;
          if (Array.isArray(raw)) return raw as string[];
          try {
            const parsed: unknown = JSON.parse(String(raw ?? '[]'));
            return Array.isArray(parsed) ? parsed.map(String) : [];
          } catch {
            return [];
          }
        },
        set(this: ApiKey, value: string[]) {
          this.setDataValue('ipAllowList', JSON.stringify(value ?? []) as unknown as string[]);
        },
      },
      callbackUrl: { type: DataTypes.STRING(500), allowNull: true },
      lastNonce: { type: DataTypes.DECIMAL(20, 0), allowNull: true },
      lastUsedAt: { type: DataTypes.DATE, allowNull: true },
      deletedAt: { type: DataTypes.DATE, allowNull: true },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, modelName: 'ApiKey', tableName: 'api_keys' },
  );
  return BoundApiKey;
}

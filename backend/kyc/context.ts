import type { Sequelize } from 'sequelize';
import type { Config } from '../platform/config/types';
import type { KV } from '../platform/kv/types';
import type { Logger } from '../platform/logger';
import { createAccountsContext, type AccountMailer, type AccountsContext } from '../accounts/context';
import { manualReview, type KycProvider } from './provider';

/** What the KYC commands work with: the accounts' context (its mail outbox), the files, the provider. */
export interface KycContext {
  accounts: AccountsContext;
  uploadDir: string;
  retentionDays: number;
  provider: KycProvider;
}

export function createKycContext(deps: {
  sequelize: Sequelize;
  kv: KV;
  mailer: AccountMailer;
  logger: Logger;
  config: Pick<Config, 'publicUrl' | 'sessionKeys' | 'uploadDir' | 'kycRetentionDays'>;
  provider?: KycProvider;
}): KycContext {
  return {
    accounts: createAccountsContext(deps),
    uploadDir: deps.config.uploadDir,
    retentionDays: deps.config.kycRetentionDays,
    provider: deps.provider ?? manualReview,
  };
}

import type { Sequelize } from 'sequelize';
import type { Config } from '../platform/config/types';
import { initModels, type Models } from '../models';

/**
 * What the content domain's queries and commands need: the database, and the settings its texts
 * name (`{{kycRetentionDays}}`, `{{supportUrl}}` in a page's Markdown are filled from them).
 */
export interface ContentContext {
  sequelize: Sequelize;
  models: Models;
  config: Pick<Config, 'kycRetentionDays' | 'supportUrl'>;
  now(): Date;
}

export function createContentContext(deps: { sequelize: Sequelize; config: ContentContext['config']; now?: () => Date }): ContentContext {
  return { sequelize: deps.sequelize, models: initModels(deps.sequelize), config: deps.config, now: deps.now ?? (() => new Date()) };
}

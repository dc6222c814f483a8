/** What the blog's commands and queries work with, built once per app. */
import type { Sequelize } from 'sequelize';
import type { Config } from '../platform/config/types';
import { initModels, type Models } from '../models';

export interface BlogContext {
  sequelize: Sequelize;
  models: Pick<Models, 'BlogPost' | 'AuditRecord'>;
  /** Covers live under `<uploadDir>/blog/`. */
  uploadDir: string;
  now: () => Date;
}

export function createBlogContext(deps: { sequelize: Sequelize; config: Pick<Config, 'uploadDir'>; now?: () => Date }): BlogContext {
  return { sequelize: deps.sequelize, models: initModels(deps.sequelize), uploadDir: deps.config.uploadDir, now: deps.now ?? (() => new Date()) };
}

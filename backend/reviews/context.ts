import type { Sequelize } from 'sequelize';
import { initModels, type Models } from '../models';

/** What the reviews' commands and queries work with. */
export interface ReviewsContext {
  sequelize: Sequelize;
  models: Pick<Models, 'CustomerReview' | 'Order' | 'AuditRecord'>;
  now: () => Date;
}

export function createReviewsContext(deps: { sequelize: Sequelize; now?: () => Date }): ReviewsContext {
  return { sequelize: deps.sequelize, models: initModels(deps.sequelize), now: deps.now ?? (() => new Date()) };
}

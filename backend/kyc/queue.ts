import type { AppMiddleware } from '../platform/http/types';
import { respond } from '../platform/http/respond';
import { validate } from '../platform/http/validate';
import { listKycQueue } from './queries';
import { kycQueueSchema } from './schemas';

/**
 * The KYC queue as a kind of the console's review queues (`GET /operator/reviews?kind=kyc&cursor=`):
 * mounted before the order queues' handler, behind their staff policy; other kinds pass on.
 */
export function kycReviewQueue(ctx: Parameters<typeof listKycQueue>[0]): AppMiddleware {
  const check = validate(kycQueueSchema, 'query') as unknown as AppMiddleware;
  return async function kycReviewQueueMiddleware(koa, next) {
    if (koa.query.kind !== 'kyc') return next();
    await check(koa, async () => {
      const cursor = (koa.state as { input?: { cursor?: string } }).input?.cursor;
      respond(koa, await listKycQueue(ctx, cursor ? Number(cursor) : null));
    });
  };
}

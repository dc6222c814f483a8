import Router from '@koa/router';
import type { AppMiddleware, AppState } from '../platform/http/types';
import type { OrdersContext } from './context';
import { attachCardPhoto, attachReceipt } from './customerActions';
import { allowedTargets } from './allowed';
import { presentOrder } from './presenters';
import { receivedFile, receiveSingleFile, removeStoredImage, storeImage } from '../uploads';
import { respond } from '../platform/http/respond';
import { currentOrder } from './customerOrder';

/** The upload paths take multipart bodies: the API's JSON-only body parser lets them through. */
export const ORDER_UPLOAD_PATH = /^\/api\/orders\/[^/]+\/[^/]+\/(card-photo|receipt)$/;

/**
 * `POST /orders/:uid/:secret/card-photo` and `/receipt` (multipart, field `file`): the order is
 * found (404) and the status table asked (409) before the body is read; the image is checked, re-encoded and
 * stored (backend/uploads), then attached. A stored file that does not end up attached — a refused
 * change, the second of two receipts — is removed, and so is a replaced rejected card photo.
 */
export function orderUploadRoutes(deps: { orders: OrdersContext; findOrder: AppMiddleware; limit: AppMiddleware }): Router<AppState> {
  const { orders } = deps;
  const router = new Router<AppState>();
  const receive = receiveSingleFile();

  router.post('/:uid/:secret/card-photo', deps.limit, deps.findOrder, async function checkCardState(ctx, next) {
    allowedTargets(currentOrder(ctx), 'card-photo', orders.now());
    await next();
  }, receive, async function cardPhoto(ctx) {
    const stored = await storeImage(orders.uploadDir, receivedFile(ctx), 'card');
    try {
      const { view, replaced } = await attachCardPhoto(orders, { order: currentOrder(ctx), key: stored.key });
      if (replaced) await removeStoredImage(orders.uploadDir, replaced).catch(() => undefined);
      respond(ctx, presentOrder(view));
    } catch (error) {
      await removeStoredImage(orders.uploadDir, stored.key).catch(() => undefined);
      throw error;
    }
  });

  router.post('/:uid/:secret/receipt', deps.limit, deps.findOrder, async function checkReceiptState(ctx, next) {
    allowedTargets(currentOrder(ctx), 'receipt', orders.now());
    await next();
  }, receive, async function receipt(ctx) {
    const stored = await storeImage(orders.uploadDir, receivedFile(ctx), 'receipt');
    try {
      respond(ctx, presentOrder(await attachReceipt(orders, { order: currentOrder(ctx), key: stored.key })));
    } catch (error) {
      await removeStoredImage(orders.uploadDir, stored.key).catch(() => undefined);
      throw error;
    }
  });

  return router;
}

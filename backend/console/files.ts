import type { AppContext } from '../platform/http/types';
import { openStoredImage } from '../uploads';

/**
 * Streams a stored upload to an operator: the stored (re-encoded) type, never sniffed, shown
 * inline, never cached, sandboxed.
 */
export async function sendOrderFile(ctx: AppContext, uploadDir: string, key: string): Promise<void> {
  const file = await openStoredImage(uploadDir, key);
  ctx.set('Content-Type', file.mime);
  ctx.set('Content-Length', String(file.bytes));
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Content-Disposition', 'inline');
  ctx.set('Cache-Control', 'private, no-store');
  // Opened on its own, an upload is inert: no scripts, no plugins, no same-origin access.
  ctx.set('Content-Security-Policy', "default-src 'none'; img-src 'self'; sandbox");
  ctx.body = file.stream;
}

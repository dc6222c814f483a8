/**
 * sharp as uploads use it: only the JPEG, PNG and WebP decoders may run in this process (every
 * other libvips loader — SVG, PDF, GIF, TIFF, HEIF, vips… — is blocked, so no byte trick can
 * reach them), and every decode is bounded by the pixel limits of common/orders.ts.
 */
import sharp, { type SharpOptions } from 'sharp';
import { MAX_UPLOAD_PIXELS } from '../../common/orders';

sharp.block({ operation: ['VipsForeignLoad'] });
sharp.unblock({ operation: ['VipsForeignLoadJpeg', 'VipsForeignLoadPng', 'VipsForeignLoadWebp'] });

/** Options for any sharp instance fed with untrusted bytes. */
export const UNTRUSTED_INPUT: SharpOptions = {
  // Refuses images whose header announces more pixels, before their pixels are allocated.
  limitInputPixels: MAX_UPLOAD_PIXELS,
  // The strictest level (sharp's advice for untrusted input): a truncated or corrupt image fails.
  failOn: 'warning',
  // Only the first frame of an animated PNG/WebP.
  pages: 1,
};

export { sharp };

/**
 * The partner API's quotes (`rate`): the codebase has no stored quote, only an order's fixed-rate
 * lock, so a quote is a signed token — `quoteId` = base64url(JSON payload) "." HMAC-SHA256 with the
 * app's key (security/secretBox appSecretKeys; any configured key verifies: key rotation). It
 * names the key it was given to, the direction, the rate type, the side and amount typed, the rate
 * and its end. order_create with it: another key's or a forged quote → validation_error (quoteId),
 * past `expiresAt` → quote_expired. Until then a fixed quote is honoured at its rate, however the
 * market moved (createOrder's `quotedRate`; the limits and the reserve are the current ones), as
 * ChangeNOW's rateId and SideShift's quote are; a float quote is priced at the rate of the moment.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RateType } from '../../common/enums';

export interface QuotePayload {
  keyId: number;
  from: string;
  to: string;
  rateType: RateType;
  side: 'amountSend' | 'amountReceive';
  amount: string;
  rate: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

const CONTEXT = 'partnerApi:quote:';

function mac(key: string, body: string): Buffer {
  return createHmac('sha256', key).update(CONTEXT + body).digest();
}

export function signQuote(secretKeys: readonly string[], payload: QuotePayload): string {
  const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${body}.${mac(secretKeys[0]!, body).toString('base64url')}`;
}

/** The quote's payload when `quoteId` is one of ours given to `keyId`, else null. */
export function openQuote(secretKeys: readonly string[], quoteId: string, keyId: number): QuotePayload | null {
  const [body, signature, more] = quoteId.split('.');
  if (!body || !signature || more !== undefined) return null;
  const given = Buffer.from(signature, 'base64url');
  if (!secretKeys.some((key) => { const expected = mac(key, body); return expected.length === given.length && timingSafeEqual(expected, given); })) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as QuotePayload;
    return payload.keyId === keyId ? payload : null;
  } catch {
    return null;
  }
}

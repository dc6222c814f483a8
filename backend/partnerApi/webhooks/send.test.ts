import { expect } from 'chai';
import { MAIL_MAX_ATTEMPTS, mailRetryDelayMs, maxAttemptsOf, retryDelayOf } from '../../platform/outbox/delivery';
import { WEBHOOK_RETRY_DELAYS_MS } from './outbox';
import { retryAfterMs } from './send';

describe('webhook retry timing (partnerApi/webhooks)', () => {
  it('reads Retry-After as seconds or as an HTTP date, and ignores what it cannot read', () => {
    const now = Date.parse('2026-11-25T03:00:00Z');
    expect(retryAfterMs('120', now)).to.equal(120_000);
    expect(retryAfterMs('0', now)).to.equal(0);
    expect(retryAfterMs('Wed, 25 Nov 2026 03:05:00 GMT', now)).to.equal(300_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 02:00:00 GMT', now)).to.equal(0);
    expect(retryAfterMs(undefined, now)).to.equal(null);
    expect(retryAfterMs('soon', now)).to.equal(null);
  });

  it('a table with a schedule retries by it (1 min … 24 h) and stops after its last wait; one without keeps the mail backoff', () => {
    const webhooks = { retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS };
    const waits = Array.from({ length: WEBHOOK_RETRY_DELAYS_MS.length }, (_, index) => retryDelayOf(webhooks, index + 1) / 60_000);
    expect(waits).to.deep.equal([1, 5, 30, 120, 360, 720, 1440]);
    expect(maxAttemptsOf(webhooks)).to.equal(8);
    expect(maxAttemptsOf({})).to.equal(MAIL_MAX_ATTEMPTS);
    expect(retryDelayOf({}, 3)).to.equal(mailRetryDelayMs(3));
  });
});

/** Test support for the referral programme: a worker pricing with fixed prices, so a done order has its profit in USDT. */
import { directionKey } from '../../rates/engine';
import { fixedMarket } from '../../rates/testing/fixedMarket';
import { startTestWorker } from '../../rates/testing/live';
import type { TestDirection } from '../../orders/testing';
import type { TestServer } from '../../test/server';
import type { RunningWorker } from '../../workers';
import type { ReferralJobOptions } from '../job';

/**
 * A worker beside the test server with fixedMarket's prices (BTC bid 123.45), returned once it
 * priced `direction` (a rate other than the built '1'); its referral release job on `referral`'s tick and clock.
 */
export async function startPricedWorker(server: TestServer, direction: TestDirection, referral?: ReferralJobOptions): Promise<RunningWorker> {
  const worker = await startTestWorker(server, { sources: [{ provider: fixedMarket, everyMs: 0, maxAgeMs: 60_000 }], referral });
  const deadline = Date.now() + 20_000;
  const priced = () => {
    const state = server.rates.current();
    const rate = state?.rates.get(directionKey(direction))?.rate;
    return state?.prices.BTC?.bid === '123.45' && rate !== undefined && rate !== '1';
  };
  while (!priced()) {
    if (Date.now() > deadline) {
      await worker.close();
      throw new Error('the worker did not price the test direction');
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return worker;
}

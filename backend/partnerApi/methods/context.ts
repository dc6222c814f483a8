/**
 * What the partner API's methods work with: the domains' contexts the site's routes use (built
 * once per app in backend/api.ts). The methods are made by `createApiMethods(deps)` (./all.ts).
 */
import type { CatalogueCache } from '../../catalogue/cache';
import type { WithdrawalsContext } from '../../ledger/withdrawals/context';
import type { OrdersContext } from '../../orders/context';
import type { ReferralContext } from '../../referral/context';
import type { PartnerMethodDefinition } from '../registry';
import { withPartnerErrors } from '../errorMap';

export interface PartnerApiDeps {
  orders: OrdersContext;
  referral: ReferralContext;
  withdrawals: WithdrawalsContext;
  catalogue: CatalogueCache;
  /** Technical maintenance (system/maintenance.ts): no new orders while it is on. */
  maintenance: { isOn(): Promise<boolean> };
}

/** A method bound to the app's contexts, its errors in the contract's codes (../errors.ts). */
export function boundMethod<P>(deps: PartnerApiDeps, make: (deps: PartnerApiDeps) => PartnerMethodDefinition<P>): PartnerMethodDefinition<P> {
  const method = make(deps);
  return { ...method, handle: (call) => withPartnerErrors(() => method.handle(call)) };
}

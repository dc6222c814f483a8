/**
 * The partner API's methods of this module (`ping` is methods/index.ts's): each in its own file,
 * bound to the app's contexts and answering the contract's error codes (../errors.ts).
 * `createApiMethods(deps)` is the list the signed call registers (backend/api.ts builds the deps).
 */
import type { PartnerApiMethod } from '../../../common/partnerApi';
import type { PartnerMethodDefinition } from '../registry';
import { boundMethod, type PartnerApiDeps } from './context';
import { currencies } from './currencies';
import { directions } from './directions';
import { orderCancel } from './orderCancel';
import { orderCreate } from './orderCreate';
import { orderGet } from './orderGet';
import { ordersList } from './ordersList';
import { partnerInfo } from './partnerInfo';
import { partnerOrders } from './partnerOrders';
import { rate } from './rate';
import { withdrawalsList } from './withdrawalsList';
import { withdrawCreate } from './withdrawCreate';

export type { PartnerApiDeps } from './context';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each method has its own params type
type AnyMethod = PartnerMethodDefinition<any>;

/** The makers, in the contract's order. */
export const API_METHODS: readonly ((deps: PartnerApiDeps) => AnyMethod)[] = [
  currencies,
  directions,
  rate,
  orderCreate,
  orderGet,
  ordersList,
  orderCancel,
  partnerInfo,
  partnerOrders,
  withdrawCreate,
  withdrawalsList,
];

/** The methods of API_METHODS bound to `deps`. */
export function createApiMethods(deps: PartnerApiDeps): AnyMethod[] {
  return API_METHODS.map((make) => boundMethod(deps, make));
}

/** The names this module answers (ping excluded). */
export const API_METHOD_NAMES: readonly PartnerApiMethod[] = ['currencies', 'directions', 'rate', 'order_create', 'order_get', 'orders_list', 'order_cancel', 'partner_info', 'partner_orders', 'withdraw_create', 'withdrawals_list'];

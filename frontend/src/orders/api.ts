/**
 * The order calls of the REST API (issue 5): the customer's order by uid and secret, the
 * customer's actions, and the operator's list and actions. Uploads go through `upload.ts`.
 */
import type { OperatorAction, OperatorOrderDto, OrderDto } from '../../../common/orders';
import { api, apiUrl } from '../api/client';

/** Customer actions sent as JSON (the uploads are `card-photo` and `receipt`). */
export type CustomerJsonAction = 'confirm' | 'paid' | 'cancel' | 'refund-address';
export type UploadAction = 'card-photo' | 'receipt';

function orderBase(uid: string, secret: string): string {
  return `/orders/${encodeURIComponent(uid)}/${encodeURIComponent(secret)}`;
}

/** The react-query key of the customer's order (useOrderLive, prefetch.ts). */
export function orderQueryKey(uid: string, secret: string) {
  return ['order', uid, secret] as const;
}

export const orderApi = {
  get: (uid: string, secret: string) => api.get<OrderDto>(orderBase(uid, secret)),
  act: (uid: string, secret: string, action: CustomerJsonAction, body: Record<string, string> = {}) =>
    api.post<OrderDto>(`${orderBase(uid, secret)}/${action}`, body),
  /** Where `upload.ts` posts the file of `action`. */
  uploadUrl: (uid: string, secret: string, action: UploadAction) => apiUrl(`${orderBase(uid, secret)}/${action}`),
};

export type OperatorFileKind = 'card' | 'receipt';

export const operatorApi = {
  act: (uid: string, action: OperatorAction, body: Record<string, string | number> = {}) =>
    api.post<OperatorOrderDto>(`/operator/orders/${encodeURIComponent(uid)}/${action}`, body),
  fileUrl: (uid: string, kind: OperatorFileKind) => apiUrl(`/operator/orders/${encodeURIComponent(uid)}/files/${kind}`),
};

/** Whether an action's answer carries an order (the pages then apply it without waiting for the socket). */
export function isOrderDto(value: unknown): value is OrderDto {
  return typeof value === 'object' && value !== null && typeof (value as OrderDto).uid === 'string' && typeof (value as OrderDto).version === 'number';
}

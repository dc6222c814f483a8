/** Runs one customer action of the order page: busy state, the server's message on failure, an alert on success. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDto } from '../../../../common/orders';
import { ApiError } from '../../api/ApiError';
import { showAlert } from '../../accounts/alerts';
import { isOrderDto, orderApi, type CustomerJsonAction } from '../../orders/api';

export interface CustomerActions {
  busy: CustomerJsonAction | null;
  error: string | null;
  /** Resolves with the server's field errors on failure, null on success. */
  run: (action: CustomerJsonAction, options?: { body?: Record<string, string>; alert?: string }) => Promise<Record<string, string> | null>;
}

export function useCustomerAction(uid: string, secret: string, apply: (order: OrderDto) => void, refetch: () => void): CustomerActions {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<CustomerJsonAction | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run(
    action: CustomerJsonAction,
    options: { body?: Record<string, string>; alert?: string } = {},
  ): Promise<Record<string, string> | null> {
    setBusy(action);
    setError(null);
    try {
      const answer = await orderApi.act(uid, secret, action, options.body);
      if (isOrderDto(answer)) apply(answer);
      else refetch();
      if (options.alert) showAlert(t(options.alert));
      return null;
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      setError(caught.message);
      return caught.fields;
    } finally {
      setBusy(null);
    }
  }

  return { busy, error, run };
}

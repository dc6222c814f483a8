/**
 * The signed-in user's KYC status, live: `GET /api/user/kyc`, refreshed by the `kyc:changed`
 * socket event of the user's room; the session's `kycStatus` follows (the profile reads it).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { KycStatus } from '../../../common/api';
import type { KycStatusDto } from '../../../common/kyc';
import { withOrderSocket } from '../orders/socketSource';
import { useSessionStore } from '../stores/session';
import { KYC_STATUS_KEY, kycApi } from './api';

/** Puts a status into the session's user (the profile's badge). */
export function applyKycStatus(status: KycStatus | null): void {
  useSessionStore.setState((state) => (state.user && state.user.kycStatus !== status ? { user: { ...state.user, kycStatus: status } } : state));
}

export function useKycStatus(enabled = true) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: KYC_STATUS_KEY, queryFn: kycApi.status, enabled });
  useEffect(() => {
    if (!enabled) return;
    return withOrderSocket((socket) => {
      const onChange = ({ status }: { status: KycStatus }) => {
        applyKycStatus(status);
        void queryClient.invalidateQueries({ queryKey: KYC_STATUS_KEY });
      };
      const onConnect = () => void queryClient.invalidateQueries({ queryKey: KYC_STATUS_KEY });
      socket.on('kyc:changed', onChange);
      socket.on('connect', onConnect);
      return () => {
        socket.off('kyc:changed', onChange);
        socket.off('connect', onConnect);
      };
    });
  }, [enabled, queryClient]);
  useEffect(() => {
    if (query.data) applyKycStatus(query.data.status === 'none' ? null : query.data.status);
  }, [query.data]);
  return query;
}

export function setKycStatusData(queryClient: ReturnType<typeof useQueryClient>, data: KycStatusDto): void {
  queryClient.setQueryData(KYC_STATUS_KEY, data);
}

import { lazy, Suspense } from 'react';
import { useLocation, useSearch } from 'wouter';
import { navigate } from '../router/navigation';
import { AlertHost } from './AlertHost';

// A form with the validation library, opened only by an e-mailed link: not in every page's first load.
const ResetPasswordModal = lazy(() => import('./ResetPasswordModal').then((module) => ({ default: module.ResetPasswordModal })));

/** The query parameter the emailed `/reset-password/<token>` link turns into (spec §2). */
export const RESET_TOKEN_PARAM = 'resetToken';

/** The URL without `resetToken`, keeping the rest of the query. */
export function withoutResetToken(path: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(RESET_TOKEN_PARAM);
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path;
}

/**
 * What the accounts feature shows over any page: the alerts, and the new-password modal opened
 * by `/?resetToken=<token>` (closing it drops the token from the address).
 */
export function AccountOverlays() {
  const [path] = useLocation();
  const search = useSearch();
  const token = new URLSearchParams(search).get(RESET_TOKEN_PARAM);
  return (
    <>
      <AlertHost />
      {token && (
        <Suspense fallback={null}>
          <ResetPasswordModal
            key={token}
            token={token}
            onClose={() => navigate(withoutResetToken(path, search), { replace: true })}
          />
        </Suspense>
      )}
    </>
  );
}

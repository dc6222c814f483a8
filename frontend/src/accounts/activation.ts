import { accountsApi } from './api';

const attempts = new Map<string, Promise<boolean>>();

/**
 * Activates the account of an emailed token once per page load (a token is single use, and
 * React may run an effect twice): resolves true when the server accepted it.
 */
export function activateOnce(token: string): Promise<boolean> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = accountsApi.activate(token).then(
      () => true,
      () => false,
    );
    attempts.set(token, attempt);
  }
  return attempt;
}

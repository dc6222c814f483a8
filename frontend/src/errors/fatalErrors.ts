import { useUiStore } from '../stores/ui';

/** Browser noise that is not a failure of the app. */
const BENIGN_MESSAGES = [/ResizeObserver loop/i];

export function isBenignError(message: string | undefined): boolean {
  return !!message && BENIGN_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * Spec §8: fatal or unhandled errors go to the error page. Errors thrown outside React rendering
 * (event handlers, timers, rejected promises nobody awaited) end up here. Returns the uninstaller.
 */
export function installFatalErrorHandlers(target: Window = window): () => void {
  const onError = (event: ErrorEvent): void => {
    if (isBenignError(event.message)) return;
    useUiStore.getState().reportFatal(event.error ?? new Error(event.message));
  };
  const onRejection = (event: PromiseRejectionEvent): void => {
    useUiStore.getState().reportFatal(event.reason);
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

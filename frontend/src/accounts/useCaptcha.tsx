import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../api/publicConfig';
import { Button } from '../components/Button';
import { captchaMode, loadRecaptcha } from './captcha';

export interface CaptchaControl {
  /** The v2 checkbox (or, when Google's script cannot be loaded, a message and a retry); null when off. */
  element: ReactNode;
  /**
   * The token to send as `captcha`: '' when off; a v2 answer; a fresh v3 token for `action`.
   * null when the captcha cannot be loaded: the form then sends nothing (the element says why).
   */
  getToken(): Promise<string | null>;
  /** After a failed submit: a v2 answer is single use. */
  reset(): void;
}

/** The captcha of a form, configured by the public configuration's site keys. */
export function useCaptcha(action: string): CaptchaControl {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const mode = captchaMode(config);
  const containerRef = useRef<HTMLDivElement>(null);
  const widgetRef = useRef<number | null>(null);
  const [failed, setFailed] = useState(false);
  // Each retry loads the script again (a failed load is forgotten by loadRecaptcha).
  const [attempt, setAttempt] = useState(0);
  const siteKey = mode.kind === 'off' ? null : mode.siteKey;

  useEffect(() => {
    if (mode.kind === 'off') return;
    let cancelled = false;
    loadRecaptcha(mode).then(
      (grecaptcha) => {
        if (cancelled) return;
        setFailed(false);
        if (mode.kind !== 'v2' || !containerRef.current || widgetRef.current !== null) return;
        widgetRef.current = grecaptcha.render(containerRef.current, { sitekey: mode.siteKey, theme: 'dark' });
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
    // The mode is derived from siteKey and kind only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode.kind, siteKey, attempt]);

  const element =
    mode.kind === 'off' ? null : (
      <div className="account-captcha" aria-label={t('auth.captcha.label')} data-testid="captcha">
        {mode.kind === 'v2' && <div ref={containerRef} />}
        {failed && (
          <div className="account-captcha__failed" role="alert">
            <p className="ui-field__error">{t('auth.captcha.failed')}</p>
            <Button
              variant="ghost"
              color="secondary"
              size="small"
              onClick={() => {
                setFailed(false);
                setAttempt((count) => count + 1);
              }}
            >
              {t('auth.captcha.retry')}
            </Button>
          </div>
        )}
      </div>
    );

  return {
    element,
    async getToken() {
      if (mode.kind === 'off') return '';
      try {
        const grecaptcha = await loadRecaptcha(mode);
        if (mode.kind === 'v3') return await grecaptcha.execute(mode.siteKey, { action });
        return widgetRef.current === null ? '' : grecaptcha.getResponse(widgetRef.current);
      } catch {
        setFailed(true);
        return null;
      }
    },
    reset() {
      if (mode.kind === 'v2' && widgetRef.current !== null) window.grecaptcha?.reset(widgetRef.current);
    },
  };
}

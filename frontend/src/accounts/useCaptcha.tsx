import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../api/publicConfig';
import { captchaMode, loadRecaptcha } from './captcha';

export interface CaptchaControl {
  /** The v2 checkbox (or an error line); null when the captcha is off or invisible (v3). */
  element: ReactNode;
  /** The token to send as `captcha`: '' when off; a v2 answer; a fresh v3 token for `action`. */
  getToken(): Promise<string>;
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
  const siteKey = mode.kind === 'off' ? null : mode.siteKey;

  useEffect(() => {
    if (mode.kind === 'off') return;
    let cancelled = false;
    loadRecaptcha(mode).then(
      (grecaptcha) => {
        if (cancelled || mode.kind !== 'v2' || !containerRef.current || widgetRef.current !== null) return;
        widgetRef.current = grecaptcha.render(containerRef.current, { sitekey: mode.siteKey, theme: 'dark' });
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
    // The mode is derived from siteKey and kind only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode.kind, siteKey]);

  const element =
    mode.kind === 'off' ? null : (
      <div className="account-captcha" aria-label={t('auth.captcha.label')}>
        {mode.kind === 'v2' && <div ref={containerRef} />}
        {failed && (
          <p className="ui-field__error" role="alert">
            {t('auth.captcha.failed')}
          </p>
        )}
      </div>
    );

  return {
    element,
    async getToken() {
      if (mode.kind === 'off') return '';
      const grecaptcha = await loadRecaptcha(mode);
      if (mode.kind === 'v3') return grecaptcha.execute(mode.siteKey, { action });
      return widgetRef.current === null ? '' : grecaptcha.getResponse(widgetRef.current);
    },
    reset() {
      if (mode.kind === 'v2' && widgetRef.current !== null) window.grecaptcha?.reset(widgetRef.current);
    },
  };
}

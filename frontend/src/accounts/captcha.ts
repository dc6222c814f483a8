/**
 * Google reCAPTCHA (spec §1: v2 and/or v3 site keys come from the public configuration). With
 * both keys null the captcha is off and forms send `captcha: ''`. Loading Google's script needs
 * the CSP to allow https://www.google.com and https://www.gstatic.com (script-src, frame-src).
 */

interface Grecaptcha {
  ready(callback: () => void): void;
  render(container: HTMLElement, options: { sitekey: string; theme?: 'dark' | 'light'; callback?: (token: string) => void; 'expired-callback'?: () => void }): number;
  getResponse(widgetId?: number): string;
  reset(widgetId?: number): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

export type CaptchaMode = { kind: 'off' } | { kind: 'v2'; siteKey: string } | { kind: 'v3'; siteKey: string };

/** v2 (a visible checkbox) wins when both keys are set; v3 runs invisibly. */
export function captchaMode(keys: { recaptchaV2SiteKey: string | null; recaptchaV3SiteKey: string | null } | undefined): CaptchaMode {
  if (keys?.recaptchaV2SiteKey) return { kind: 'v2', siteKey: keys.recaptchaV2SiteKey };
  if (keys?.recaptchaV3SiteKey) return { kind: 'v3', siteKey: keys.recaptchaV3SiteKey };
  return { kind: 'off' };
}

const loads = new Map<string, Promise<Grecaptcha>>();

/** A script that neither loads nor fails (a blackholed host) counts as failed after this. */
export const RECAPTCHA_LOAD_TIMEOUT_MS = 15_000;

/**
 * Loads Google's script once per URL and resolves when `grecaptcha` is ready. A failed load
 * (unreachable host, blocked script, timeout) rejects and is forgotten, so a retry loads again.
 */
export function loadRecaptcha(mode: Exclude<CaptchaMode, { kind: 'off' }>): Promise<Grecaptcha> {
  const render = mode.kind === 'v3' ? encodeURIComponent(mode.siteKey) : 'explicit';
  const src = `https://www.google.com/recaptcha/api.js?render=${render}`;
  let load = loads.get(src);
  if (!load) {
    load = new Promise<Grecaptcha>((resolve, reject) => {
      const script = document.createElement('script');
      const fail = () => {
        clearTimeout(timer);
        loads.delete(src);
        script.remove();
        reject(new Error('reCAPTCHA did not load'));
      };
      const timer = setTimeout(fail, RECAPTCHA_LOAD_TIMEOUT_MS);
      script.src = src;
      script.async = true;
      script.defer = true;
      script.onload = () => {
        const grecaptcha = window.grecaptcha;
        if (!grecaptcha) return fail();
        clearTimeout(timer);
        grecaptcha.ready(() => resolve(grecaptcha));
      };
      script.onerror = fail;
      document.head.appendChild(script);
    });
    loads.set(src, load);
  }
  return load;
}

/**
 * The counters of the public configuration (common/counters.ts): Yandex Metrica with
 * `analyticsId`, the chat widget with `chatWidgetId`. Loaded after the first paint, when the
 * browser is idle, never blocking the page; nothing is loaded when they are unset.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import type { PublicConfig } from '../../../common/api';
import { CHAT_WIDGETS, METRICA } from '../../../common/counters';
import { usePublicConfig } from '../api/publicConfig';

type Ym = ((...args: unknown[]) => void) & { a?: unknown[][]; l?: number };

declare global {
  interface Window {
    ym?: Ym;
  }
}

/** Runs `task` once the page has painted and the browser is idle (at the latest after 3 s). */
export function afterFirstPaint(task: () => void): void {
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 3000 });
    else setTimeout(task, 0);
  };
  const painted = () => requestAnimationFrame(() => setTimeout(idle, 0));
  if (document.readyState === 'complete') painted();
  else window.addEventListener('load', painted, { once: true });
}

function addScript(src: string): void {
  if ([...document.scripts].some((script) => script.src === src)) return;
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  document.head.appendChild(script);
}

const counterId = (id: string): number | string => (/^\d+$/.test(id) ? Number(id) : id);

/** Metrica's own loader: calls queue on `window.ym` until tag.js takes them. */
export function loadMetrica(id: string): void {
  if (!window.ym) {
    const ym: Ym = (...args: unknown[]) => {
      (ym.a ??= []).push(args);
    };
    ym.l = Date.now();
    window.ym = ym;
  }
  window.ym(counterId(id), 'init', { clickmap: true, trackLinks: true, accurateTrackBounce: true });
  addScript(`${METRICA.scriptUrl}?id=${encodeURIComponent(id)}`);
}

export function loadChatWidget(config: Pick<PublicConfig, 'chatWidgetId' | 'chatWidgetProvider'>): void {
  if (!config.chatWidgetId || !config.chatWidgetProvider) return;
  addScript(CHAT_WIDGETS[config.chatWidgetProvider].scriptUrl(config.chatWidgetId));
}

/** Loads the configured counters once and reports the SPA's page changes to Metrica. */
export function Counters() {
  const config = usePublicConfig();
  const [location] = useLocation();
  const started = useRef(false);
  const lastHit = useRef<string | null>(null);

  useEffect(() => {
    if (!config || started.current) return;
    started.current = true;
    afterFirstPaint(() => {
      if (config.analyticsId) loadMetrica(config.analyticsId);
      loadChatWidget(config);
    });
  }, [config]);

  useEffect(() => {
    const id = config?.analyticsId;
    if (!id) return;
    // The first page is counted by init; later ones are the SPA's own navigations.
    if (lastHit.current !== null && lastHit.current !== location) window.ym?.(counterId(id), 'hit', window.location.href);
    lastHit.current = location;
  }, [config, location]);

  return null;
}

/**
 * The third-party counters the site can load (spec: analytics counter, chat widget): Yandex
 * Metrica with ANALYTICS_ID, a chat widget with CHAT_WIDGET_ID from the provider
 * CHAT_WIDGET_PROVIDER. The browser loads their scripts from here (frontend/src/lib/counters.ts)
 * and the server's CSP allows exactly their hosts (backend/platform/http/securityHeaders.ts).
 */

export const CHAT_WIDGET_PROVIDERS = ['jivo'] as const;
export type ChatWidgetProvider = (typeof CHAT_WIDGET_PROVIDERS)[number];
export const DEFAULT_CHAT_WIDGET_PROVIDER: ChatWidgetProvider = 'jivo';

/** Hosts one counter needs, per CSP directive. */
export interface CspSources {
  script: string[];
  connect: string[];
  img: string[];
  frame: string[];
  style: string[];
  font: string[];
}

const none = (): CspSources => ({ script: [], connect: [], img: [], frame: [], style: [], font: [] });

/** Yandex Metrica: tag.js, its hits (XHR, beacons and pixels) and the inspection frames, all on mc.yandex.ru. */
export const METRICA = {
  scriptUrl: 'https://mc.yandex.ru/metrika/tag.js',
  csp: { ...none(), script: ['https://mc.yandex.ru'], connect: ['https://mc.yandex.ru'], img: ['https://mc.yandex.ru'], frame: ['https://mc.yandex.ru'] },
} as const satisfies { scriptUrl: string; csp: CspSources };

/** A chat widget provider: its loader script for an id and what it loads itself. */
export interface ChatWidgetDef {
  scriptUrl(id: string): string;
  csp: CspSources;
}

export const CHAT_WIDGETS: Record<ChatWidgetProvider, ChatWidgetDef> = {
  /** JivoChat: the loader on code.jivosite.com, the widget, its styles, fonts, images and sockets on *.jivosite.com. */
  jivo: {
    scriptUrl: (id) => `https://code.jivosite.com/widget/${encodeURIComponent(id)}`,
    csp: {
      script: ['https://code.jivosite.com', 'https://*.jivosite.com'],
      connect: ['https://*.jivosite.com', 'wss://*.jivosite.com'],
      img: ['https://*.jivosite.com'],
      frame: ['https://*.jivosite.com'],
      style: ['https://*.jivosite.com'],
      font: ['https://*.jivosite.com'],
    },
  },
};

/** What the configured counters need, directive by directive (nothing when none is configured). */
export function counterSources(counters: { analytics: boolean; chat: ChatWidgetProvider | null }): CspSources {
  const all = [...(counters.analytics ? [METRICA.csp] : []), ...(counters.chat ? [CHAT_WIDGETS[counters.chat].csp] : [])];
  const merged = none();
  for (const sources of all) {
    for (const key of Object.keys(merged) as Array<keyof CspSources>) {
      for (const host of sources[key]) if (!merged[key].includes(host)) merged[key].push(host);
    }
  }
  return merged;
}

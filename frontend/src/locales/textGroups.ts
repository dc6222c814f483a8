import i18next from 'i18next';
import { isLang, type Lang } from '../../../common/api';
import { initialLanguage } from '../lib/language';

/**
 * Which interface texts a page loads, in its own language only. `locales/<lang>/<namespace>.json`
 * files fall into three kinds:
 * - the namespaces only the server speaks (mails, alerts, the API's own texts), never sent;
 * - the groups below, each one chunk per language, loaded with the pages that use them
 *   (router/pageLoaders.ts names a route's groups);
 * - every other namespace: the `site` group, loaded before the first render.
 * The chunks are `./<group>/<lang>.ts` (`import.meta.glob` takes literal patterns only);
 * localeFiles.test.ts checks they list what is written here, and that no file outside a group's
 * pages asks for one of its texts.
 */
export const SERVER_NAMESPACES = ['accounts', 'alerts', 'apiDocs', 'board', 'ledger', 'mail', 'partnerApi', 'rates', 'referral', 'security'] as const;

export const TEXT_GROUPS = {
  /** The user area: API keys, exchanges, verification, the partner's page and payouts, saved details. */
  account: ['apiKeys', 'exchanges', 'kyc', 'partner', 'requisites'],
  /** The site's reading pages: the blog, contacts, the pages staff write (FAQ, terms…) and customers' reviews. */
  content: ['blog', 'contacts', 'contentPages', 'customerReviews'],
  /** A pair's landing page: its title and description (the rest of `seo` is the server's page heads). */
  landing: ['seo'],
  /** The operator and admin console. */
  staff: ['auditLog', 'blacklist', 'boardUi', 'catalogueAdmin', 'console', 'paymentsAdmin', 'reviews', 'usersAdmin', 'withdrawalsAdmin'],
} as const satisfies Record<string, readonly string[]>;

export type PageTextGroup = keyof typeof TEXT_GROUPS;
export type TextGroup = 'site' | PageTextGroup;

type LocaleFiles = Record<string, Record<string, unknown>>;
type LocaleModule = { default: LocaleFiles };

const loaders: Record<TextGroup, Record<Lang, () => Promise<LocaleModule>>> = {
  site: { ru: () => import('./site/ru'), en: () => import('./site/en') },
  account: { ru: () => import('./account/ru'), en: () => import('./account/en') },
  content: { ru: () => import('./content/ru'), en: () => import('./content/en') },
  landing: { ru: () => import('./landing/ru'), en: () => import('./landing/en') },
  staff: { ru: () => import('./staff/ru'), en: () => import('./staff/en') },
};

/** `locales/<lang>/<namespace>.json` files as i18next's one namespace: the file name is the top-level key. */
function translationOf(files: LocaleFiles): Record<string, unknown> {
  const translation: Record<string, unknown> = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /\/([^/]+)\.json$/.exec(path);
    if (match) translation[match[1]] = content;
  }
  return translation;
}

/** A namespace the group's chunk holds: when i18next has it, the group is in (the tests' i18n has every one). */
function markerOf(group: TextGroup): string {
  return group === 'site' ? 'common' : TEXT_GROUPS[group][0];
}

function isLoaded(group: TextGroup, lang: Lang): boolean {
  return Boolean(i18next.store) && i18next.getResource(lang, 'translation', markerOf(group)) !== undefined;
}

/** The groups asked for so far: a switch of language loads each of them in the new language too. */
const requested = new Set<TextGroup>();
const pending = new Map<string, Promise<void>>();

/**
 * Adds a group's texts in `lang` to i18next. Loads each chunk once; callers at the same time share
 * the load, and a failed load is tried again by the next call.
 */
export function loadTexts(group: TextGroup, lang: Lang = textLanguage()): Promise<void> {
  requested.add(group);
  if (isLoaded(group, lang)) return Promise.resolve();
  const key = `${group}:${lang}`;
  let load = pending.get(key);
  if (!load) {
    load = loaders[group][lang]().then((module) => {
      i18next.addResourceBundle(lang, 'translation', translationOf(module.default), true, false);
    });
    load.catch(() => pending.delete(key));
    pending.set(key, load);
  }
  return load;
}

/** Every group asked for so far, in `lang`: what a switch to `lang` must have before it renders. */
export function loadRequestedTexts(lang: Lang): Promise<void> {
  return Promise.all([...requested].map((group) => loadTexts(group, lang))).then(() => undefined);
}

/** The language texts are loaded for: i18next's once it runs, the page's starting one before. */
export function textLanguage(): Lang {
  return isLang(i18next.language) ? i18next.language : initialLanguage();
}

/**
 * The first screen as static HTML inside index.html's `<div id="root">`, so a phone paints the
 * page's frame and heading with the HTML and CSS alone, before any JavaScript has run: the site's
 * header bar and the page's title and description (`pages.<route>.title|description`, the texts
 * the SPA's PageHeader shows; the home page's hero). It is in the SPA's language (the `lang`
 * cookie, else Russian), which may differ from the head's (Accept-Language counts there).
 *
 * The SPA replaces it whole on its first render (React's createRoot empties the container), with
 * new nodes, so nothing on screen moves (no layout shift); `aria-busy` tells assistive technology
 * that the real page is on its way. Only public routes get one; other paths keep an empty root.
 */
import type { RouteDef } from '../../common/routes';
import { escapeHtml } from './head';

export type Translate = (key: string) => string;

function pageHeading(route: RouteDef, t: Translate): string {
  if (route.name === 'home') {
    return (
      '<section class="hero"><div class="container hero__inner"><div class="hero__copy">' +
      `<p class="hero__eyebrow">${escapeHtml(t('pages.home.eyebrow'))}</p>` +
      `<h1 class="hero__title">${escapeHtml(t('pages.home.heroTitle'))}</h1>` +
      `<p class="hero__lead">${escapeHtml(t('pages.home.description'))}</p>` +
      '</div></div></section>'
    );
  }
  return (
    '<div class="container page"><header class="page-header">' +
    `<h1 class="page-header__title">${escapeHtml(t(`pages.${route.name}.title`))}</h1>` +
    `<p class="page-header__description">${escapeHtml(t(`pages.${route.name}.description`))}</p>` +
    '</header></div>'
  );
}

/** The static first screen of `route` (empty for routes behind sign-in). */
export function renderShell(route: RouteDef, t: Translate): string {
  if (route.access !== 'public') return '';
  return (
    '<div class="app app--prerendered" aria-busy="true">' +
    '<header class="site-header"><div class="site-header__bar container">' +
    `<a href="/" class="logo"><span class="logo__name">${escapeHtml(t('common.brand'))}</span></a>` +
    '</div></header>' +
    `<main class="app__main">${pageHeading(route, t)}</main>` +
    '</div>'
  );
}

/** index.html with `shell` inside its empty `<div id="root">`. */
export function injectShell(html: string, shell: string): string {
  if (!shell) return html;
  return html.replace(/<div id="root"><\/div>/, () => `<div id="root">${shell}</div>`);
}

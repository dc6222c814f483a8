/**
 * The first screen as static HTML inside index.html's `<div id="root">`, so a phone paints the
 * page's frame and heading with the HTML and CSS alone, before any JavaScript has run: the site's
 * header bar and the page's title and description (`pages.<route>.title|description`, the texts
 * the SPA's PageHeader shows; the home page's hero). It is in the SPA's language (the `lang`
 * cookie, else Russian), which may differ from the head's (Accept-Language counts there).
 *
 * The home page also gets the exchange widget's frame with the default pair's live rate (issue 17:
 * a phone sees the rate before any JavaScript has arrived), and that rate as JSON for the widget,
 * which shows it while its own data loads.
 *
 * An order page (its uid and secret matched) gets the page's first lines as the page lays them out:
 * the number and status, the stepper, the current step's card and the payment timer (common/orderTexts.ts
 * and common/orderCountdown.ts decide what they say, for the page too), drawn per request.
 *
 * The SPA replaces it whole on its first render (React's createRoot empties the container), with
 * new nodes, so nothing on screen moves (no layout shift); `aria-busy` tells assistive technology
 * that the real page is on its way. Only public routes get one; other paths keep an empty root.
 */
import { PRERENDERED_RATE_ID, type PrerenderedRateDto } from '../../common/catalogue';
import { formatMoney, formatRate } from '../../common/money';
import type { RouteDef } from '../../common/routes';
import type { OrderDto } from '../../common/orders';
import { statusKey, statusTone, stepHeading, stepperOf } from '../../common/orderTexts';
import { countdownOf, formatTimeLeft } from '../../common/orderCountdown';
import { RING_BORDER, RING_SIZE, ringGeometry } from '../../common/progressRing';
import { escapeHtml } from './head';

export type Translate = (key: string, values?: Record<string, unknown>) => string;

export interface ShellData {
  /** The default pair's rate on offer now (home page only); null: the widget's frame without it. */
  rate?: PrerenderedRateDto | null;
  /** The order an order page's address names (uid and secret matched); null: the page's plain heading. */
  order?: OrderDto | null;
  /** The time the order's timer is drawn at (Date.now() unless given). */
  now?: number;
}

/** JSON safe inside a `<script>` element: no `<` can close it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The widget's frame as the widget draws it while loading (ExchangeWidget's skeleton, same classes),
 * with the rate and the reserve in place of the skeleton's line when the rate is known.
 */
function widgetFrame(t: Translate, rate: PrerenderedRateDto | null | undefined): string {
  const facts = rate
    ? '<dl class="exchange-facts">' +
      `<div class="exchange-facts__item"><dt>${escapeHtml(t('exchange.rate'))}</dt>` +
      `<dd class="exchange-facts__value" data-testid="exchange-rate-preview">${escapeHtml(formatRate(rate, rate.fromCurrency, rate.toCurrency))}</dd></div>` +
      `<div class="exchange-facts__item"><dt>${escapeHtml(t('exchange.reserve'))}</dt>` +
      `<dd class="exchange-facts__value">${escapeHtml(formatMoney(rate.reserve, rate.toCurrency))}</dd></div>` +
      '</dl>' +
      `<script type="application/json" id="${PRERENDERED_RATE_ID}">${scriptJson(rate)}</script>`
    : '<span class="skeleton skeleton--line"></span>';
  return (
    '<div class="hero__exchange"><section class="exchange-widget" aria-busy="true">' +
    '<header class="exchange-widget__head">' +
    `<h2 class="exchange-widget__title">${escapeHtml(t('exchange.title'))}</h2>` +
    `<span class="exchange-widget__live"><span class="pulse-dot" aria-hidden="true"></span>${escapeHtml(t('exchange.live'))}</span>` +
    '</header>' +
    '<div class="exchange-skeleton">' +
    `<span class="visually-hidden" role="status">${escapeHtml(t('exchange.states.loading'))}</span>` +
    '<span class="skeleton skeleton--label"></span><span class="skeleton skeleton--field"></span>' +
    '<span class="skeleton skeleton--label"></span><span class="skeleton skeleton--field"></span>' +
    facts +
    '<span class="skeleton skeleton--button"></span>' +
    '</div></section></div>'
  );
}

/** The order's payment timer as the page's Countdown draws it (CircularProgress's default ring, common/progressRing.ts). */
function countdownFrame(order: OrderDto, t: Translate, now: number): string {
  const countdown = countdownOf(order, null, now);
  if (!countdown) return '';
  const size = RING_SIZE;
  const border = RING_BORDER;
  const { value, centre, radius, circumference, dashOffset, lineCap } = ringGeometry(size, border, countdown.percent);
  const label = escapeHtml(t('order.timer.label'));
  return (
    '<div class="order-countdown">' +
    `<div role="progressbar" aria-label="${label}" aria-valuemin="0" aria-valuemax="100" aria-valuenow="${Math.round(value)}" class="ui-progress" style="width:${size}px;height:${size}px">` +
    `<svg class="ui-progress__ring" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" aria-hidden="true">` +
    `<circle class="ui-progress__track" cx="${centre}" cy="${centre}" r="${radius}" fill="none" stroke-width="${border}"></circle>` +
    `<circle class="ui-progress__bar" cx="${centre}" cy="${centre}" r="${radius}" fill="none" stroke-width="${border}" stroke-linecap="${lineCap}"` +
    ` stroke-dasharray="${circumference}" stroke-dashoffset="${dashOffset}" transform="rotate(-90 ${centre} ${centre})"></circle>` +
    '</svg>' +
    `<div class="ui-progress__content"><span class="order-countdown__time">${formatTimeLeft(countdown.secondsLeft)}</span>` +
    `<span class="order-countdown__caption">${escapeHtml(t('order.timer.left'))}</span></div>` +
    '</div>' +
    `<p class="order-countdown__label">${label}</p>` +
    '</div>'
  );
}

/**
 * An order page's first screen as the page lays it out (OrderView): the title with the status badge,
 * the stepper, the current step's card with its title and first paragraph (common/orderTexts.ts
 * decides which) and the payment timer, so a phone reads what to do next before the page's code has
 * arrived, and the page then draws over it without moving it. Styled by the entry's
 * orders/frame.css; what only the page adds (the step's buttons and fields, the details) comes with it.
 */
function orderScreen(order: OrderDto, t: Translate, now: number): string {
  const step = stepHeading(order);
  const stepper = stepperOf(order)
    .map(
      ({ step: name, number, state }) =>
        `<li class="order-stepper__step order-stepper__step--${state}"${state === 'current' ? ' aria-current="step"' : ''}>` +
        `<span class="order-stepper__number" aria-hidden="true">${number}</span>` +
        `<span class="order-stepper__label">${escapeHtml(t(`order.steps.${name}`))}</span></li>`,
    )
    .join('');
  return (
    '<div class="container page order-page">' +
    '<header class="order-page__header">' +
    `<h1 class="order-page__title">${escapeHtml(t('order.idLabel', { uid: order.uid }))}</h1>` +
    `<span class="order-badge order-badge--${statusTone(order.status)}">` +
    `<span class="visually-hidden">${escapeHtml(t('order.statusLabel'))}: </span>${escapeHtml(t(statusKey(order)))}</span>` +
    '</header>' +
    `<ol class="order-stepper" aria-label="${escapeHtml(t('order.steps.label'))}">${stepper}</ol>` +
    '<div class="order-page__layout"><div class="order-page__main">' +
    '<section class="card order-card order-step">' +
    `<h2 class="order-card__title">${escapeHtml(t(step.title))}</h2>` +
    (step.text === null ? '' : `<p class="order-text">${escapeHtml(t(step.text))}</p>`) +
    '</section></div>' +
    `<aside class="order-page__aside">${countdownFrame(order, t, now)}</aside>` +
    '</div></div>'
  );
}

function pageHeading(route: RouteDef, t: Translate, data: ShellData): string {
  if (route.name === 'order' && data.order) return orderScreen(data.order, t, data.now ?? Date.now());
  if (route.name === 'home') {
    return (
      '<section class="hero"><div class="container hero__inner"><div class="hero__copy">' +
      `<p class="hero__eyebrow">${escapeHtml(t('pages.home.eyebrow'))}</p>` +
      `<h1 class="hero__title">${escapeHtml(t('pages.home.heroTitle'))}</h1>` +
      `<p class="hero__lead">${escapeHtml(t('pages.home.description'))}</p>` +
      '</div>' +
      widgetFrame(t, data.rate) +
      '</div></section>'
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
export function renderShell(route: RouteDef, t: Translate, data: ShellData = {}): string {
  if (route.access !== 'public') return '';
  return (
    '<div class="app app--prerendered" aria-busy="true">' +
    '<header class="site-header"><div class="site-header__bar container">' +
    `<a href="/" class="logo"><span class="logo__name">${escapeHtml(t('common.brand'))}</span></a>` +
    '</div></header>' +
    `<main class="app__main">${pageHeading(route, t, data)}</main>` +
    '</div>'
  );
}

/** index.html with `shell` inside its empty `<div id="root">`. */
export function injectShell(html: string, shell: string): string {
  if (!shell) return html;
  return html.replace(/<div id="root"><\/div>/, () => `<div id="root">${shell}</div>`);
}

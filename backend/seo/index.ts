/**
 * Search engines and link previews (issue 16): the server-rendered head of every page, the
 * sitemap and robots.txt, from the page sources of one registry. See docs/ARCHITECTURE.md "SEO".
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Sequelize } from 'sequelize';
import { DEFAULT_LANG, isLang } from '../../common/api';
import type { OrderDto } from '../../common/orders';
import { focusAsset, resolvePair } from '../../common/exchangePair';
import { RESERVE_PLACES, reserveAmount } from '../../common/money';
import type { CatalogueCache, CatalogueSnapshot } from '../catalogue/cache';
import { catalogueParts } from '../catalogue/parts';
import { offeredRate, type RatesView } from '../rates/store';
import type { PageRenderer } from '../platform/http/spa';
import type { AppMiddleware } from '../platform/http/types';
import type { ServerI18n } from '../platform/i18n';
import type { Logger } from '../platform/logger';
import { createSeoPages, pageLang, type HomeRateSource } from './pages';
import { createPageRegistry, type PageRegistry } from './registry';
import { seoFiles } from './files';
import { pairsSource, staticRoutesSource } from './sources';

export type { PageRegistry } from './registry';

export interface SeoDeps {
  publicUrl: string;
  staticDir: string;
  i18n: ServerI18n;
  sequelize: Sequelize;
  catalogue: CatalogueCache;
  /** The live rates: the home page is prerendered with the rate of the pair the widget shows first. */
  rates?: RatesView;
  /** The customer's view of an order (uid and secret matched): an order page is prerendered with its current step. */
  findOrder?: (uid: string, secret: string) => Promise<OrderDto | null>;
  logger?: Pick<Logger, 'warn'>;
}

export interface Seo {
  /** Where blog and content add their sources (`seo.registry.add(blogSource(listPublishedPosts…))`). */
  registry: PageRegistry;
  /** index.html per page and language, for spa(). */
  pages: PageRenderer;
  /** `/sitemap.xml`, its parts, `/robots.txt`. */
  files: AppMiddleware;
}

/**
 * The rate of the pair a first visit's widget shows (common/exchangePair.ts: the focus asset's
 * known directions, the offered ones first), when it is on offer; kept per catalogue and rates version.
 */
function homeRateOf(catalogue: CatalogueCache, rates: RatesView): HomeRateSource {
  let kept: { snapshot: CatalogueSnapshot; version: number; answer: Awaited<ReturnType<HomeRateSource>> } | null = null;
  return async () => {
    const state = rates.current();
    if (!state) return null;
    const snapshot = await catalogue.get();
    if (kept?.snapshot === snapshot && kept.version === state.version) return kept.answer;
    const { assets, directionsOf } = catalogueParts(snapshot).data;
    const enabled = new Map(assets.assets.filter((asset) => asset.enabled).map((asset) => [asset.code, asset]));
    const focus = focusAsset(new Set(enabled.keys()), assets.senders);
    const known = focus === null ? [] : directionsOf(focus).filter((direction) => direction.enabled && enabled.has(direction.from) && enabled.has(direction.to));
    const pair = resolvePair(known, {}, (candidate) => offeredRate(state, candidate) !== undefined);
    const offered = pair ? offeredRate(state, pair) : undefined;
    const answer = offered
      ? {
          version: `${state.version}:${snapshot.loadedAt}`,
          rate: {
            from: offered.rate.from,
            to: offered.rate.to,
            fromCurrency: offered.from.currency,
            toCurrency: offered.to.currency,
            in: offered.rate.in,
            out: offered.rate.out,
            // As the widget shows it (common/money.ts): the hand-over changes no digit.
            reserve: reserveAmount(offered.rate.reserve, enabled.get(offered.rate.to)?.precision ?? RESERVE_PLACES),
          },
        }
      : null;
    kept = { snapshot, version: state.version, answer };
    return answer;
  };
}

export function createSeo(deps: SeoDeps): Seo {
  const indexFile = path.join(path.resolve(deps.staticDir), 'index.html');
  const registry = createPageRegistry([
    staticRoutesSource({
      i18n: deps.i18n,
      lastmod: async () => (await stat(indexFile).catch(() => null))?.mtime,
    }),
    pairsSource({ sequelize: deps.sequelize, catalogue: deps.catalogue, i18n: deps.i18n }),
  ]);
  const rates = deps.rates;
  const rendered = createSeoPages({
    staticDir: deps.staticDir,
    publicUrl: deps.publicUrl,
    i18n: deps.i18n,
    registry,
    logger: deps.logger,
    homeRate: rates ? homeRateOf(deps.catalogue, rates) : undefined,
    order: deps.findOrder,
  });
  return {
    registry,
    pages: {
      lang: (ctx) => pageLang(ctx),
      vary: ['Cookie', 'Accept-Language'],
      render: (pathname, lang, search) => rendered.render(pathname, isLang(lang) ? lang : DEFAULT_LANG, search.has('from') || search.has('to')),
    },
    files: seoFiles({ publicUrl: deps.publicUrl, registry }),
  };
}

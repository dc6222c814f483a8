/**
 * Search engines and link previews (issue 16): the server-rendered head of every page, the
 * sitemap and robots.txt, from the page sources of one registry. See docs/ARCHITECTURE.md "SEO".
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Sequelize } from 'sequelize';
import { DEFAULT_LANG, isLang } from '../../common/api';
import type { CatalogueCache } from '../catalogue/cache';
import type { PageRenderer } from '../platform/http/spa';
import type { AppMiddleware } from '../platform/http/types';
import type { ServerI18n } from '../platform/i18n';
import type { Logger } from '../platform/logger';
import { createSeoPages, pageLang } from './pages';
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

export function createSeo(deps: SeoDeps): Seo {
  const indexFile = path.join(path.resolve(deps.staticDir), 'index.html');
  const registry = createPageRegistry([
    staticRoutesSource({
      i18n: deps.i18n,
      lastmod: async () => (await stat(indexFile).catch(() => null))?.mtime,
    }),
    pairsSource({ sequelize: deps.sequelize, catalogue: deps.catalogue, i18n: deps.i18n }),
  ]);
  const rendered = createSeoPages({ staticDir: deps.staticDir, publicUrl: deps.publicUrl, i18n: deps.i18n, registry, logger: deps.logger });
  return {
    registry,
    pages: {
      lang: (ctx) => pageLang(ctx),
      vary: ['Cookie', 'Accept-Language'],
      render: (pathname, lang) => rendered.render(pathname, isLang(lang) ? lang : DEFAULT_LANG),
    },
    files: seoFiles({ publicUrl: deps.publicUrl, registry }),
  };
}

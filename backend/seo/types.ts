/**
 * What the search-engine layer (backend/seo/) reads from the other domains. A domain that
 * publishes pages (the catalogue's pair landings, later the blog and the content pages) gives a
 * PublicPageSource; the app lists the sources in one registry (./registry.ts) that the sitemap
 * and the server-rendered head both read. Sources never import seo: seo imports nothing of theirs.
 */
import type { Lang } from '../../common/api';

/** One `<url>` of the sitemap. */
export interface SitemapEntry {
  /** Path on the site, starting with `/` (no query): the sitemap prefixes PUBLIC_URL. */
  path: string;
  /** Last modification, when known. */
  lastmod?: Date;
  changefreq?: 'always' | 'hourly' | 'daily' | 'weekly' | 'monthly' | 'yearly' | 'never';
  /** 0.0–1.0. */
  priority?: number;
}

/** A breadcrumb of BreadcrumbList structured data: a name and the path it leads to. */
export interface Breadcrumb {
  name: string;
  path: string;
}

/** One question and answer of FAQPage structured data (plain text, never HTML). */
export interface FaqEntry {
  question: string;
  answer: string;
}

/** A post's facts for BlogPosting structured data and og:type=article. */
export interface ArticleFacts {
  publishedAt: Date;
  updatedAt?: Date;
  /** Author or publisher name; the site name when absent. */
  author?: string;
}

/** The head of one page in one language. Texts are plain (never HTML): the renderer escapes them. */
export interface PageMeta {
  /** The page's own title, without the site name (the renderer adds "— <brand>"). */
  title: string;
  description: string;
  /** Absolute URL or a path of the site; the site's default image when absent. */
  image?: string;
  /** The canonical path when it differs from the requested one (e.g. upper-case pair codes). */
  canonicalPath?: string;
  /** Kept out of search results (`noindex`), e.g. a draft. */
  noindex?: boolean;
  breadcrumbs?: Breadcrumb[];
  faq?: FaqEntry[];
  article?: ArticleFacts;
}

/** What a source answers for a path it owns but has nothing at: the page is a 404. */
export const PAGE_NOT_FOUND = { notFound: true } as const;
export type PageNotFound = typeof PAGE_NOT_FOUND;

/**
 * A domain's public pages. `entries` lists what the sitemap shows; `meta` gives a page's head
 * (null: not this source's path — the next source or the route table answers; PAGE_NOT_FOUND:
 * this source's path, but nothing is there, so the page answers 404).
 */
export interface PublicPageSource {
  /** A short stable name, for logs and tests ("static", "pairs", "blog", "content"). */
  readonly name: string;
  entries(): Promise<SitemapEntry[]>;
  meta?(path: string, lang: Lang): Promise<PageMeta | PageNotFound | null>;
  /**
   * A value that changes whenever what this source answers may change (the catalogue's ETag, a
   * posts' table revision); rendered heads are cached under it. Absent: cached for a short time.
   */
  version?(): Promise<string>;
}

/**
 * Plain queries the blog and content domains export for the wiring (SITE16): seo adapts them to
 * PublicPageSource in ./sources.ts, so wiring is `registry.add(blogSource(...))`.
 */
export interface PublishedPost {
  id: number | string;
  slug?: string | null;
  title: string;
  description: string;
  image?: string | null;
  publishedAt: Date;
  updatedAt: Date;
}

export interface PublishedPage {
  title: string;
  description: string;
  updatedAt: Date;
  /** FAQ items when the page is the FAQ, for FAQPage structured data. */
  faq?: FaqEntry[];
}

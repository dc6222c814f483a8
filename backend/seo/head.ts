/**
 * The `<head>` of a page as the server sends it: title, description, canonical URL, Open Graph,
 * robots and JSON-LD structured data, put into the built index.html. Every text is escaped here.
 */
import type { Lang } from '../../common/api';
import type { PageMeta } from './types';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for an element's content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

/** JSON for a `<script type="application/ld+json">`: nothing in it can close the element or open a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export const OG_LOCALES: Record<Lang, string> = { ru: 'ru_RU', en: 'en_US' };
/**
 * The default link-preview images, one per language (frontend/public, drawn by scripts/og-image.mjs:
 * the brand, the home page's title and the service's points), all of OG_IMAGE_SIZE.
 */
export const OG_IMAGES: Record<Lang, string> = { ru: '/og-image.png', en: '/og-image-en.png' };
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export interface HeadInput {
  meta: PageMeta;
  lang: Lang;
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
  /** The requested path (no query). */
  path: string;
  brand: string;
  /** The page is the home page: Organization and WebSite structured data. */
  home?: boolean;
  organizationDescription?: string;
}

const absolute = (publicUrl: string, pathOrUrl: string) => (/^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`);

/** The page's title as the document shows it: "<title> — <brand>", like the SPA's useDocumentTitle. */
export function documentTitle(title: string, brand: string): string {
  return title && title !== brand ? `${title} — ${brand}` : brand;
}

export function structuredData(input: HeadInput): object[] {
  const { meta, publicUrl, brand } = input;
  const url = absolute(publicUrl, meta.canonicalPath ?? input.path);
  const blocks: object[] = [];
  if (input.home) {
    blocks.push({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: brand,
      url: `${publicUrl}/`,
      logo: absolute(publicUrl, '/favicon.svg'),
      ...(input.organizationDescription ? { description: input.organizationDescription } : {}),
    });
  }
  if (meta.breadcrumbs?.length) {
    blocks.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: meta.breadcrumbs.map((crumb, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: crumb.name,
        item: absolute(publicUrl, crumb.path),
      })),
    });
  }
  if (meta.faq?.length) {
    blocks.push({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: meta.faq.map((entry) => ({
        '@type': 'Question',
        name: entry.question,
        acceptedAnswer: { '@type': 'Answer', text: entry.answer },
      })),
    });
  }
  if (meta.article) {
    blocks.push({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: meta.title,
      description: meta.description,
      image: absolute(publicUrl, meta.image ?? OG_IMAGES[input.lang]),
      datePublished: meta.article.publishedAt.toISOString(),
      dateModified: (meta.article.updatedAt ?? meta.article.publishedAt).toISOString(),
      author: { '@type': 'Organization', name: meta.article.author ?? brand },
      publisher: { '@type': 'Organization', name: brand },
      mainEntityOfPage: url,
      inLanguage: input.lang,
    });
  }
  return blocks;
}

/** The tags the server puts into `<head>`. */
export function renderHead(input: HeadInput): string {
  const { meta, lang, publicUrl, brand } = input;
  const url = absolute(publicUrl, meta.canonicalPath ?? input.path);
  const title = documentTitle(meta.title, brand);
  const other = (Object.keys(OG_LOCALES) as Lang[]).filter((candidate) => candidate !== lang);
  const attr = escapeHtml;
  const lines = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${attr(meta.description)}" />`,
    meta.noindex ? '<meta name="robots" content="noindex, nofollow" />' : `<link rel="canonical" href="${attr(url)}" />`,
    `<meta property="og:site_name" content="${attr(brand)}" />`,
    `<meta property="og:title" content="${attr(title)}" />`,
    `<meta property="og:description" content="${attr(meta.description)}" />`,
    // A private page (an order's capability link, the user area) names no address of its own: the
    // link's secret stays out of the markup that previews and extensions read.
    ...(meta.noindex ? [] : [`<meta property="og:url" content="${attr(url)}" />`]),
    `<meta property="og:type" content="${meta.article ? 'article' : 'website'}" />`,
    `<meta property="og:image" content="${attr(absolute(publicUrl, meta.image ?? OG_IMAGES[lang]))}" />`,
    // A page's own image (a post's cover) comes in any size; the default one's is known.
    ...(meta.image
      ? []
      : [
          '<meta property="og:image:type" content="image/png" />',
          `<meta property="og:image:width" content="${OG_IMAGE_SIZE.width}" />`,
          `<meta property="og:image:height" content="${OG_IMAGE_SIZE.height}" />`,
        ]),
    `<meta property="og:locale" content="${OG_LOCALES[lang]}" />`,
    ...other.map((candidate) => `<meta property="og:locale:alternate" content="${OG_LOCALES[candidate]}" />`),
    '<meta name="twitter:card" content="summary_large_image" />',
    ...(meta.noindex ? [] : structuredData(input).map((block) => `<script type="application/ld+json">${jsonForScript(block)}</script>`)),
  ];
  return lines.map((line) => `    ${line}\n`).join('');
}

/**
 * index.html with the page's head: `<html lang>` set, the build's own `<title>`, description and
 * robots tags taken out, the rendered tags put in right after `<meta charset>` (else before `</head>`).
 */
export function injectHead(template: string, lang: Lang, head: string): string {
  let html = template.replace(/<html\b([^>]*)>/i, (_tag, attrs: string) => {
    const rest = attrs.replace(/\s+lang\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i, '');
    return `<html lang="${lang}"${rest}>`;
  });
  html = html
    .replace(/[ \t]*<title>[\s\S]*?<\/title>[ \t]*\r?\n?/i, '')
    .replace(/[ \t]*<meta\s+name=["']?(?:description|robots)["']?[^>]*>[ \t]*\r?\n?/gi, '');
  const charset = /<meta\s+charset=[^>]*>[ \t]*\r?\n?/i.exec(html);
  if (charset) {
    const at = charset.index + charset[0].length;
    return `${html.slice(0, at)}${charset[0].endsWith('\n') ? '' : '\n'}${head}${html.slice(at)}`;
  }
  return html.replace(/<\/head>/i, `${head}</head>`);
}

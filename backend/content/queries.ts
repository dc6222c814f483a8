/**
 * Reading the content pages. `readPage`, `listPages` and `faqItems` are the plain queries other
 * parts (the search engines' head and sitemap) call; `pageDto` is what `GET /api/content/pages/{key}`
 * answers.
 */
import { Op } from 'sequelize';
import type { Lang } from '../../common/api';
import { CONTENT_PAGE_KEYS, isContentPageKey, type AdminContentPageDto, type CashCityDto, type ContentPageDto, type ContentPageKey, type FaqItemDto, type TermsVersionSummary } from '../../common/content';
import { markdownText, renderMarkdown } from '../../common/markdown';
import { NotFoundError } from '../platform/errors';
import type { ContentPage, TermsVersion } from '../models';
import type { ContentContext } from './context';
import { currentTerms } from './terms';

export interface PageContent {
  title: string;
  description: string;
  html: string;
  updatedAt: Date;
}

/** The settings a text may name, filled in before rendering (so a page never contradicts the configuration). */
export function fillSettings(ctx: Pick<ContentContext, 'config'>, markdown: string): string {
  return markdown.replace(/\{\{kycRetentionDays\}\}/g, String(ctx.config.kycRetentionDays)).replace(/\{\{supportUrl\}\}/g, ctx.config.supportUrl);
}

function render(ctx: ContentContext, markdown: string): string {
  return renderMarkdown(fillSettings(ctx, markdown));
}

async function pageRow(ctx: ContentContext, key: ContentPageKey, lang: Lang): Promise<ContentPage> {
  const row = await ctx.models.ContentPage.findOne({ where: { key, lang } });
  if (!row) throw new NotFoundError();
  return row;
}

function termsBody(version: TermsVersion, lang: Lang): string {
  return lang === 'ru' ? version.bodyRu : version.bodyEn;
}

/** One page in one language, rendered: the terms page shows the version in force. Unknown → NotFoundError. */
export async function readPage(ctx: ContentContext, key: ContentPageKey, lang: Lang): Promise<PageContent> {
  const row = await pageRow(ctx, key, lang);
  if (key !== 'terms') return { title: row.title, description: row.description, html: render(ctx, row.body), updatedAt: row.updatedAt };
  const terms = await currentTerms(ctx.models, ctx.now());
  if (!terms) return { title: row.title, description: row.description, html: '', updatedAt: row.updatedAt };
  return { title: row.title, description: row.description, html: render(ctx, termsBody(terms, lang)), updatedAt: latest(row.updatedAt, terms.publishedAt) };
}

/** Every page with the time of its last change (either language; the terms: also their current version's publication). */
export async function listPages(ctx: ContentContext): Promise<Array<{ key: ContentPageKey; updatedAt: Date }>> {
  const rows = await ctx.models.ContentPage.findAll({ attributes: ['key', 'updatedAt'] });
  const terms = await currentTerms(ctx.models, ctx.now());
  return CONTENT_PAGE_KEYS.flatMap((key) => {
    const times = rows.filter((row) => row.key === key).map((row) => row.updatedAt);
    if (key === 'terms' && terms) times.push(terms.publishedAt);
    return times.length ? [{ key, updatedAt: times.reduce(latest) }] : [];
  });
}

/** Splits Markdown at its `## ` headings: the text before the first, then each heading with what follows it. */
export function splitQuestions(markdown: string): { intro: string; items: Array<{ question: string; answer: string }> } {
  const parts = markdown.split(/^## +/m);
  const intro = parts.shift() ?? '';
  const items = parts.flatMap((part) => {
    const newline = part.indexOf('\n');
    const question = (newline < 0 ? part : part.slice(0, newline)).trim();
    const answer = newline < 0 ? '' : part.slice(newline + 1).trim();
    return question && answer ? [{ question, answer }] : [];
  });
  return { intro, items };
}

/** The FAQ as question/answer pairs (each `## ` heading of the FAQ page and the text under it). */
export async function faqItems(ctx: ContentContext, lang: Lang): Promise<FaqItemDto[]> {
  const row = await pageRow(ctx, 'faq', lang);
  return splitQuestions(fillSettings(ctx, row.body)).items.map(({ question, answer }) => ({
    question: markdownText(question, 500),
    html: renderMarkdown(answer),
    text: markdownText(answer, 5000),
  }));
}

/** "Cash RUB (Moscow)" → "Moscow": the city's name as the catalogue's asset names carry it. */
function cityName(name: string, city: string): string {
  return /\(([^)]+)\)\s*$/.exec(name)?.[1] ?? city;
}

/** The cities where cash is exchanged now and the currencies held there (enabled cash assets). */
export async function cashCities(ctx: ContentContext, lang: Lang): Promise<CashCityDto[]> {
  const assets = await ctx.models.Asset.findAll({
    where: { type: 'cash', enabled: true, city: { [Op.ne]: null } },
    order: [
      ['sortOrder', 'ASC'],
      ['code', 'ASC'],
    ],
  });
  const cities = new Map<string, CashCityDto>();
  for (const asset of assets) {
    const city = asset.city as string;
    const entry = cities.get(city) ?? { city, name: cityName(lang === 'ru' ? (asset.nameRu ?? asset.name) : asset.name, city), currencies: [] };
    entry.currencies.push({ code: asset.code, currency: asset.currency });
    cities.set(city, entry);
  }
  return [...cities.values()];
}

function summary(version: TermsVersion): TermsVersionSummary {
  return { version: version.version, publishedAt: version.publishedAt.toISOString() };
}

/** `GET /api/content/pages/{key}`: the page rendered, with the FAQ's items, the terms' versions or the cash cities. */
export async function pageDto(ctx: ContentContext, key: ContentPageKey, lang: Lang, version?: number): Promise<ContentPageDto> {
  const base = { key, lang, faq: null, terms: null, cash: null };
  const row = await pageRow(ctx, key, lang);
  const head = { title: row.title, description: row.description };
  if (key === 'faq') {
    const { intro } = splitQuestions(row.body);
    return { ...base, ...head, html: render(ctx, intro), updatedAt: row.updatedAt.toISOString(), faq: await faqItems(ctx, lang) };
  }
  if (key === 'cash') return { ...base, ...head, html: render(ctx, row.body), updatedAt: row.updatedAt.toISOString(), cash: await cashCities(ctx, lang) };
  if (key !== 'terms') return { ...base, ...head, html: render(ctx, row.body), updatedAt: row.updatedAt.toISOString() };

  const published = await ctx.models.TermsVersion.findAll({
    where: { publishedAt: { [Op.lte]: ctx.now() } },
    order: [
      ['publishedAt', 'DESC'],
      ['version', 'DESC'],
    ],
  });
  const current = published[0];
  if (!current) throw new NotFoundError();
  const shown = version === undefined ? current : published.find((candidate) => candidate.version === version);
  // A scheduled version is not readable before its publication.
  if (!shown) throw new NotFoundError();
  return {
    ...base,
    ...head,
    html: render(ctx, termsBody(shown, lang)),
    updatedAt: shown.publishedAt.toISOString(),
    terms: { ...summary(shown), current: current.version, versions: published.map(summary) },
  };
}

/** `GET /api/admin/content/pages/{key}`: both languages' texts as stored (the terms: the current version's). */
export async function adminPageDto(ctx: ContentContext, key: ContentPageKey): Promise<AdminContentPageDto> {
  const rows = await ctx.models.ContentPage.findAll({ where: { key } });
  const ru = rows.find((row) => row.lang === 'ru');
  const en = rows.find((row) => row.lang === 'en');
  if (!ru || !en) throw new NotFoundError();
  const texts = (row: ContentPage, body: string) => ({ title: row.title, description: row.description, body });
  const updatedAt = latest(ru.updatedAt, en.updatedAt).toISOString();
  if (key !== 'terms') return { key, texts: { ru: texts(ru, ru.body), en: texts(en, en.body) }, updatedAt, terms: null };
  const now = ctx.now();
  const versions = await ctx.models.TermsVersion.findAll({
    order: [
      ['publishedAt', 'DESC'],
      ['version', 'DESC'],
    ],
  });
  const current = await currentTerms(ctx.models, now);
  return {
    key,
    texts: { ru: texts(ru, current?.bodyRu ?? ''), en: texts(en, current?.bodyEn ?? '') },
    updatedAt,
    terms: {
      current: current?.version ?? null,
      versions: versions.map((version) => ({ ...summary(version), scheduled: version.publishedAt.getTime() > now.getTime() })),
    },
  };
}

function latest(a: Date, b: Date): Date {
  return a.getTime() >= b.getTime() ? a : b;
}

/** What the rendered heads and the sitemap are cached under: every page's last change (the terms' current version included). */
export async function contentRevision(ctx: ContentContext): Promise<string> {
  return (await listPages(ctx)).map((page) => `${page.key}@${page.updatedAt.getTime()}`).join(',');
}

/**
 * A page as search engines see it (backend/seo's content source, wired in app.ts): its title,
 * description and last change, the FAQ's questions and answers as text; null for a key that is
 * not a content page or has no row.
 */
export async function publishedContentPage(ctx: ContentContext, key: string, lang: Lang): Promise<{ title: string; description: string; updatedAt: Date; faq?: Array<{ question: string; answer: string }> } | null> {
  if (!isContentPageKey(key)) return null;
  try {
    const page = await readPage(ctx, key, lang);
    const faq = key === 'faq' ? (await faqItems(ctx, lang)).map((item) => ({ question: item.question, answer: item.text })) : undefined;
    return { title: page.title, description: page.description, updatedAt: page.updatedAt, ...(faq ? { faq } : {}) };
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/**
 * Content pages (issue 16): the staff-written pages of the public site, one Markdown text per page
 * and language, rendered on the server (common/markdown.ts) — the SPA gets `html`. The terms of
 * use are versioned: each version has both languages' texts and a publication time; the current
 * one is the latest published (a scheduled version is not current before its time).
 */
import { number, object, string } from 'yup';
import { LANGS, type Lang } from './api';
import { validationMessage } from './validation/messages';

/** The pages, named as their routes in common/routes.ts. */
export const CONTENT_PAGE_KEYS = ['aboutUs', 'clients', 'terms', 'amlKyc', 'faq', 'guide', 'howItWorks', 'partners', 'cash'] as const;
export type ContentPageKey = (typeof CONTENT_PAGE_KEYS)[number];

export function isContentPageKey(value: unknown): value is ContentPageKey {
  return typeof value === 'string' && (CONTENT_PAGE_KEYS as readonly string[]).includes(value);
}

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 300;
export const BODY_MAX = 100_000;

/** One question of the FAQ: the `## ` headings of the FAQ page's Markdown and the text under each. */
export interface FaqItemDto {
  question: string;
  /** The answer rendered (common/markdown.ts). */
  html: string;
  /** The answer as plain text (structured data). */
  text: string;
}

export interface TermsVersionSummary {
  version: number;
  /** ISO time. */
  publishedAt: string;
}

/** A city where cash is exchanged and the currencies held there (the catalogue's enabled cash assets). */
export interface CashCityDto {
  city: string;
  name: string;
  currencies: Array<{ code: string; currency: string }>;
}

/** `GET /api/content/pages/{key}?lang=&version=`. */
export interface ContentPageDto {
  key: ContentPageKey;
  lang: Lang;
  title: string;
  description: string;
  html: string;
  /** ISO time of the last change of this language's text (for the terms: the version's publication). */
  updatedAt: string;
  /** The FAQ page only. */
  faq: FaqItemDto[] | null;
  /** The terms page only: the version shown, the current one and every published one, newest first. */
  terms: { version: number; publishedAt: string; current: number; versions: TermsVersionSummary[] } | null;
  /** The cash page only. */
  cash: CashCityDto[] | null;
}

export interface ContentTexts {
  title: string;
  description: string;
  /** Markdown. */
  body: string;
}

/** `GET|PUT /api/admin/content/pages/{key}` (admins). */
export interface AdminContentPageDto {
  key: ContentPageKey;
  texts: Record<Lang, ContentTexts>;
  updatedAt: string;
  /** The terms page: its body is the current version's (edited by publishing a new version). */
  terms: { current: number | null; versions: Array<TermsVersionSummary & { scheduled: boolean }> } | null;
}

export interface AdminContentPageListDto {
  pages: Array<{ key: ContentPageKey; updatedAt: string }>;
}

const general = validationMessage('general_error');
const required = validationMessage('required');

function text(max: number) {
  // Not `.trim()`: under `.strict()` it refuses a text that ends in a newline (as Markdown does).
  return string()
    .strict()
    .typeError(general)
    .required(required)
    .test('blank', required, (value) => value === undefined || value.trim().length > 0)
    .max(max, validationMessage('max_length', { max }));
}

const texts = object({
  title: text(TITLE_MAX),
  description: text(DESCRIPTION_MAX),
  body: text(BODY_MAX),
})
  .required(required)
  .typeError(general);

export const contentPageUpdateSchema = object({ ru: texts, en: texts });
export type ContentPageUpdate = { ru: ContentTexts; en: ContentTexts };

export const contentPageQuerySchema = object({
  lang: string().oneOf([...LANGS], general).optional(),
  version: number().typeError(general).integer(general).min(1, general).max(1_000_000, general).optional(),
});

/** `POST /api/admin/content/terms`: a new version; `publishAt` (ISO) in the future schedules it, absent publishes now. */
export const termsPublishSchema = object({
  bodyRu: text(BODY_MAX),
  bodyEn: text(BODY_MAX),
  publishAt: string()
    .strict()
    .typeError(general)
    .test('iso', general, (value) => value === undefined || value === null || (/^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))))
    .nullable()
    .optional(),
});
export type TermsPublishRequest = { bodyRu: string; bodyEn: string; publishAt?: string | null };

export interface TermsPublishedDto {
  version: number;
  publishedAt: string;
  scheduled: boolean;
}

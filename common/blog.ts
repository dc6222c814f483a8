/**
 * The blog (`/blog`, `/blog/{id}`; console section `blog`). A post has one id and slug and a
 * Russian and an English version (title, description, Markdown body, the cover's alt text); a
 * version with an empty title and body is missing: that language's list leaves the post out,
 * and the post's own page shows the other version with a note. Operators and admins write and
 * publish. A published post is public from its `publishedAt` (a future one is scheduled).
 * Markdown is rendered only by common/markdown.ts on the server: public answers carry `html`.
 */
import { date, mixed, object, string, type InferType } from 'yup';
import { LANGS, type Lang } from './api';
import { validationMessage } from './validation';

export const BLOG_STATUSES = ['draft', 'published'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];
/** As the console shows it: a published post whose date is still ahead is `scheduled`. */
export type BlogState = 'draft' | 'scheduled' | 'published';

export const BLOG_SLUG_MAX = 100;
/** Lower-case words of letters and digits joined by hyphens, with at least one letter (a slug is never an id). */
export const BLOG_SLUG_PATTERN = /^(?=[a-z0-9-]*[a-z])[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const BLOG_TITLE_MAX = 200;
export const BLOG_DESCRIPTION_MAX = 300;
export const BLOG_BODY_MAX = 50_000;
export const BLOG_ALT_MAX = 200;
/** Posts per page of `/blog`. */
export const BLOG_PAGE = 9;

/** The cover's public address (long-cached: every upload gets a new name). */
export function blogImageUrl(name: string): string {
  return `/api/blog/images/${name}`;
}

export interface BlogImageDto {
  url: string;
  alt: string;
}

/** A card of `GET /api/blog/posts`. */
export interface BlogCardDto {
  id: number;
  slug: string;
  lang: Lang;
  title: string;
  description: string;
  image: BlogImageDto | null;
  publishedAt: string;
}

/** `GET /api/blog/posts?lang=&cursor=` */
export interface BlogListDto {
  posts: BlogCardDto[];
  nextCursor: string | null;
}

/** `GET /api/blog/posts/{id|slug}?lang=`: `lang` is the version shown (the other one when the asked one is missing). */
export interface BlogPostDto extends BlogCardDto {
  html: string;
  updatedAt: string;
  /** The languages the post has. */
  languages: Lang[];
}

export interface BlogVersionDto {
  title: string;
  description: string;
  body: string;
  imageAlt: string;
}

/** A post as staff edit it. */
export interface StaffBlogPostDto {
  id: number;
  slug: string;
  status: BlogStatus;
  state: BlogState;
  publishedAt: string | null;
  ru: BlogVersionDto;
  en: BlogVersionDto;
  image: { url: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** `GET /api/operator/blog/posts` */
export interface StaffBlogListDto {
  posts: StaffBlogPostDto[];
  nextCursor: string | null;
}

const required = validationMessage('required');
const general = validationMessage('general_error');
const maxLength = (max: number) => validationMessage('max_length', { max });

/** A non-blank string (anything else — a wrong type the schema refuses anyway — is not). */
function filled(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

function versionSchema() {
  return object({
    title: string().strict().default('').max(BLOG_TITLE_MAX, maxLength(BLOG_TITLE_MAX)),
    description: string().strict().default('').max(BLOG_DESCRIPTION_MAX, maxLength(BLOG_DESCRIPTION_MAX)),
    body: string().strict().default('').max(BLOG_BODY_MAX, maxLength(BLOG_BODY_MAX)),
    imageAlt: string().strict().default('').max(BLOG_ALT_MAX, maxLength(BLOG_ALT_MAX)),
  })
    // A version is either missing (no title, no body) or has both.
    .test({
      name: 'version_complete',
      test(value, context) {
        if (!value) return true;
        const hasTitle = filled(value.title);
        const hasBody = filled(value.body);
        if (hasTitle === hasBody) return true;
        return context.createError({ path: `${context.path}.${hasTitle ? 'body' : 'title'}`, message: required });
      },
    });
}

/** `POST /api/operator/blog/posts`, `PUT /api/operator/blog/posts/{id}` */
export const blogPostSchema = object({
  slug: string().strict().required(required).max(BLOG_SLUG_MAX, maxLength(BLOG_SLUG_MAX)).matches(BLOG_SLUG_PATTERN, { message: general }),
  status: mixed<BlogStatus>().required(required).oneOf([...BLOG_STATUSES], general),
  /** ISO date; empty/absent: now when published. */
  publishedAt: date().nullable().default(null).typeError(general),
  ru: versionSchema(),
  en: versionSchema(),
}).test({
  name: 'one_version',
  test(value, context) {
    if (!value) return true;
    const present = LANGS.some((lang) => filled(value[lang]?.title));
    return present || context.createError({ path: 'ru.title', message: required });
  },
});
export type BlogPostInput = InferType<typeof blogPostSchema>;

/** What the console sends (dates as ISO strings). */
export interface BlogPostRequest {
  slug: string;
  status: BlogStatus;
  publishedAt: string | null;
  ru: BlogVersionDto;
  en: BlogVersionDto;
}

/** `GET /api/blog/posts` query */
export const blogListQuerySchema = object({
  lang: mixed<Lang>().optional().oneOf([...LANGS], general),
  cursor: string().optional().matches(/^\d{1,15}_\d{1,12}$/, { message: general }),
});

/** `GET /api/blog/posts/{id}` query */
export const blogPostQuerySchema = object({
  lang: mixed<Lang>().optional().oneOf([...LANGS], general),
});

/** `GET /api/operator/blog/posts` query */
export const staffBlogListQuerySchema = object({
  cursor: string().optional().matches(/^\d{1,12}$/, { message: general }),
});

/** Whether a post has a version in `lang`. */
export function hasVersion(version: { title: string; body: string }): boolean {
  return version.title.trim() !== '' && version.body.trim() !== '';
}

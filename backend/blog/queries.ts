/**
 * The blog's reads. Public: published posts whose date has come, newest first, in one language
 * (a post without that version is left out of the list; its own page falls back to the other
 * version). Staff: every post, newest first. `listPublishedPosts` and `readPublishedPost` are
 * also what the sitemap and the server-rendered head read (backend/seo wires them).
 */
import { Op, col, fn, type WhereOptions } from 'sequelize';
import { BLOG_PAGE, blogImageUrl, hasVersion, type BlogCardDto, type BlogListDto, type BlogPostDto } from '../../common/blog';
import { LANGS, type Lang } from '../../common/api';
import { markdownText, renderMarkdown } from '../../common/markdown';
import type { BlogPost } from '../models';
import type { BlogContext } from './context';

type Reader = Pick<BlogContext, 'models' | 'now'>;

/** Title, description, body and alt of one language version. */
export function versionOf(post: BlogPost, lang: Lang): { title: string; description: string; body: string; imageAlt: string } {
  return lang === 'ru'
    ? { title: post.titleRu, description: post.descriptionRu, body: post.bodyRu, imageAlt: post.imageAltRu }
    : { title: post.titleEn, description: post.descriptionEn, body: post.bodyEn, imageAlt: post.imageAltEn };
}

/** The languages `post` has a version in. */
export function postLanguages(post: BlogPost): Lang[] {
  return LANGS.filter((lang) => hasVersion(versionOf(post, lang)));
}

/** The cover's public file name (`<hex>.<ext>`), from its key `blog/<hex>.<ext>`. */
export function coverName(key: string): string {
  return key.slice('blog/'.length);
}

function publicWhere(now: Date, lang: Lang | null): WhereOptions<BlogPost> {
  const where: Record<string | symbol, unknown> = { status: 'published', publishedAt: { [Op.lte]: now } };
  if (lang) {
    const title = lang === 'ru' ? 'titleRu' : 'titleEn';
    const body = lang === 'ru' ? 'bodyRu' : 'bodyEn';
    where[title] = { [Op.ne]: '' };
    where[body] = { [Op.ne]: '' };
  }
  return where as WhereOptions<BlogPost>;
}

function card(post: BlogPost, lang: Lang): BlogCardDto {
  const version = versionOf(post, lang);
  return {
    id: post.id,
    slug: post.slug,
    lang,
    title: version.title,
    description: version.description || markdownText(version.body, 200),
    image: post.imageKey ? { url: blogImageUrl(coverName(post.imageKey)), alt: version.imageAlt } : null,
    publishedAt: post.publishedAt!.toISOString(),
  };
}

/** One page of `/blog` in `lang`; `cursor` is `<publishedAt ms>_<id>` of the last card shown. */
export async function listPublicPosts(ctx: Reader, props: { lang: Lang; cursor?: string; limit?: number }): Promise<BlogListDto> {
  const limit = props.limit ?? BLOG_PAGE;
  const where = publicWhere(ctx.now(), props.lang) as Record<string | symbol, unknown>;
  if (props.cursor) {
    const [ms, id] = props.cursor.split('_').map(Number);
    const at = new Date(ms!);
    where[Op.and] = [{ [Op.or]: [{ publishedAt: { [Op.lt]: at } }, { publishedAt: at, id: { [Op.lt]: id } }] }];
  }
  const rows = await ctx.models.BlogPost.findAll({
    where: where as WhereOptions<BlogPost>,
    order: [
      ['publishedAt', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: limit + 1,
  });
  const posts = rows.slice(0, limit);
  const last = posts.at(-1);
  return {
    posts: posts.map((post) => card(post, props.lang)),
    nextCursor: rows.length > limit && last ? `${last.publishedAt!.getTime()}_${last.id}` : null,
  };
}

/** A public post by id or slug, in `lang` or (when that version is missing) the other one; null when not public. */
export async function findPublicPost(ctx: Reader, idOrSlug: string, lang: Lang): Promise<BlogPostDto | null> {
  const key = /^\d{1,12}$/.test(idOrSlug) ? { id: Number(idOrSlug) } : { slug: idOrSlug };
  const post = await ctx.models.BlogPost.findOne({ where: { ...(publicWhere(ctx.now(), null) as object), ...key } as WhereOptions<BlogPost> });
  if (!post) return null;
  const languages = postLanguages(post);
  const shown = languages.includes(lang) ? lang : languages[0];
  if (!shown) return null;
  return { ...card(post, shown), html: renderMarkdown(versionOf(post, shown).body), updatedAt: post.updatedAt.toISOString(), languages };
}

/** For the sitemap and link previews: every public post that has a version in `lang`, newest first. */
export async function listPublishedPosts(
  ctx: Reader,
  props: { lang: Lang },
): Promise<Array<{ id: number; slug: string; title: string; description: string; image: string | null; publishedAt: Date; updatedAt: Date }>> {
  const rows = await ctx.models.BlogPost.findAll({
    where: publicWhere(ctx.now(), props.lang),
    order: [
      ['publishedAt', 'DESC'],
      ['id', 'DESC'],
    ],
  });
  return rows.map((post) => {
    const shown = card(post, props.lang);
    return { id: post.id, slug: post.slug, title: shown.title, description: shown.description, image: shown.image?.url ?? null, publishedAt: post.publishedAt!, updatedAt: post.updatedAt };
  });
}

/**
 * What the sitemap and the rendered heads are cached under: changes when a post is written,
 * deleted, or its scheduled date comes (the count of public posts moves).
 */
export async function postsRevision(ctx: Reader): Promise<string> {
  const [all, open] = await Promise.all([
    ctx.models.BlogPost.findOne({ attributes: [[fn('COUNT', col('id')), 'count'], [fn('MAX', col('updatedAt')), 'latest']], raw: true }) as unknown as Promise<{ count: number | string; latest: Date | string | null } | null>,
    ctx.models.BlogPost.count({ where: publicWhere(ctx.now(), null) }),
  ]);
  const latest = all?.latest ? new Date(all.latest).getTime() : 0;
  return `${all?.count ?? 0}:${latest}:${open}`;
}

/** For the server-rendered head: a public post (by id or slug) in `lang` or its other version; null when not public. */
export function readPublishedPost(ctx: Reader, id: number | string, lang: Lang): Promise<BlogPostDto | null> {
  return findPublicPost(ctx, String(id), lang);
}

/** The console's list: every post, newest first (by id). */
export async function listStaffPosts(ctx: Pick<BlogContext, 'models'>, props: { cursor?: string; limit?: number }): Promise<{ posts: BlogPost[]; nextCursor: string | null }> {
  const limit = props.limit ?? 50;
  const rows = await ctx.models.BlogPost.findAll({
    where: props.cursor ? { id: { [Op.lt]: Number(props.cursor) } } : {},
    order: [['id', 'DESC']],
    limit: limit + 1,
  });
  const posts = rows.slice(0, limit);
  return { posts, nextCursor: rows.length > limit ? String(posts.at(-1)!.id) : null };
}

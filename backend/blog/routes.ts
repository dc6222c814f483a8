import Router from '@koa/router';
import { blogListQuerySchema, blogPostQuerySchema, blogPostSchema, staffBlogListQuerySchema, type StaffBlogListDto } from '../../common/blog';
import { requireStaff, staffActor, STAFF_ROLES, type StaffDeps } from '../console/policy';
import { NotFoundError } from '../platform/errors';
import { respond } from '../platform/http/respond';
import type { AppContext, AppState } from '../platform/http/types';
import { validate } from '../platform/http/validate';
import { clientIp, type RateLimits } from '../platform/security/rateLimit';
import { openStoredImage, receivedFile, receiveSingleFile, removeStoredImage, storeImage } from '../uploads';
import { createPost, deletePost, setPostCover, updatePost } from './commands';
import type { BlogContext } from './context';
import { presentStaffPost } from './presenters';
import { findPublicPost, listPublicPosts, listStaffPosts } from './queries';

/** Reads of the public blog per address a minute. */
export const BLOG_READS_PER_MINUTE = 300;

/** The cover upload takes a multipart body: the API's JSON-only body parser lets it through. */
export const BLOG_UPLOAD_PATH = /^\/api\/operator\/blog\/posts\/\d+\/cover$/;

const COVER_NAME = /^[0-9a-f]{32}\.(jpg|png)$/;
/** A cover's name changes with every upload, so it is cached for a year. */
const COVER_CACHE = 'public, max-age=31536000, immutable';

function postId(ctx: AppContext): number {
  const id = String(ctx.params.id ?? '');
  if (!/^\d{1,12}$/.test(id)) throw new NotFoundError();
  return Number(id);
}

/** Forgets a file that is no longer referenced (a failure leaves an unreferenced file, never a broken post). */
async function dropFile(blog: BlogContext, key: string | null): Promise<void> {
  if (key) await removeStoredImage(blog.uploadDir, key).catch(() => undefined);
}

/**
 * Public: `GET /api/blog/posts?lang=&cursor=`, `GET /api/blog/posts/{id|slug}?lang=` (rendered
 * `html`, never Markdown), `GET /api/blog/images/{name}` (a cover: public, long-cached).
 */
export function blogPublicRoutes(deps: { blog: BlogContext; rateLimits: RateLimits }): Router<AppState> {
  const { blog } = deps;
  const router = new Router<AppState>({ prefix: '/blog' });
  router.use(deps.rateLimits.rateLimit({ name: 'blog.read', points: BLOG_READS_PER_MINUTE, durationSec: 60, key: (ctx) => clientIp(ctx) }));

  router.get('/posts', validate(blogListQuerySchema, 'query'), async function listPosts(ctx) {
    const { lang, cursor } = ctx.state.input;
    respond(ctx, await listPublicPosts(blog, { lang: lang ?? ctx.state.lang, cursor }));
  });

  router.get('/posts/:id', validate(blogPostQuerySchema, 'query'), async function readPost(ctx) {
    const idOrSlug = String(ctx.params.id ?? '');
    if (!/^[a-z0-9-]{1,100}$/.test(idOrSlug)) throw new NotFoundError();
    const post = await findPublicPost(blog, idOrSlug, ctx.state.input.lang ?? ctx.state.lang);
    if (!post) throw new NotFoundError();
    respond(ctx, post);
  });

  router.get('/images/:name', async function sendCover(ctx) {
    const name = String(ctx.params.name ?? '');
    if (!COVER_NAME.test(name)) throw new NotFoundError();
    const file = await openStoredImage(blog.uploadDir, `blog/${name}`);
    ctx.set('Content-Type', file.mime);
    ctx.set('Content-Length', String(file.bytes));
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', COVER_CACHE);
    ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
    ctx.body = file.stream;
  });
  return router;
}

/**
 * Staff (operators and admins write and publish): `GET/POST /api/operator/blog/posts`,
 * `GET/PUT/DELETE /api/operator/blog/posts/{id}`, `POST/DELETE /api/operator/blog/posts/{id}/cover`
 * (multipart `file`, through backend/uploads: magic bytes, pixel limits, re-encoded, no metadata).
 */
export function blogStaffRoutes(deps: StaffDeps & { blog: BlogContext }): Router<AppState> {
  const { blog } = deps;
  const router = new Router<AppState>({ prefix: '/operator/blog/posts' });
  router.use(...requireStaff(deps, STAFF_ROLES));
  const write = (ctx: AppContext) => ({ actor: staffActor(ctx), ip: ctx.ip });

  router.get('/', validate(staffBlogListQuerySchema, 'query'), async function listPosts(ctx) {
    const { posts, nextCursor } = await listStaffPosts(blog, ctx.state.input);
    const now = blog.now();
    const body: StaffBlogListDto = { posts: posts.map((post) => presentStaffPost(post, now)), nextCursor };
    respond(ctx, body);
  });

  router.post('/', validate(blogPostSchema), async function createBlogPost(ctx) {
    const post = await createPost(blog, { ...write(ctx), input: ctx.state.input });
    respond(ctx, presentStaffPost(post, blog.now()), 201);
  });

  router.get('/:id', async function readBlogPost(ctx) {
    const post = await blog.models.BlogPost.findByPk(postId(ctx));
    if (!post) throw new NotFoundError();
    respond(ctx, presentStaffPost(post, blog.now()));
  });

  router.put('/:id', validate(blogPostSchema), async function updateBlogPost(ctx) {
    const post = await updatePost(blog, { ...write(ctx), id: postId(ctx), input: ctx.state.input });
    respond(ctx, presentStaffPost(post, blog.now()));
  });

  router.delete('/:id', async function deleteBlogPost(ctx) {
    const cover = await deletePost(blog, { ...write(ctx), id: postId(ctx) });
    await dropFile(blog, cover);
    respond(ctx, null);
  });

  router.post(
    '/:id/cover',
    async function findForCover(ctx, next) {
      if (!(await blog.models.BlogPost.findByPk(postId(ctx)))) throw new NotFoundError();
      await next();
    },
    receiveSingleFile(),
    async function uploadCover(ctx) {
      const stored = await storeImage(blog.uploadDir, receivedFile(ctx), 'blog');
      try {
        const { post, replaced } = await setPostCover(blog, { ...write(ctx), id: postId(ctx), key: stored.key });
        await dropFile(blog, replaced);
        respond(ctx, presentStaffPost(post, blog.now()));
      } catch (error) {
        await dropFile(blog, stored.key);
        throw error;
      }
    },
  );

  router.delete('/:id/cover', async function removeCover(ctx) {
    const { post, replaced } = await setPostCover(blog, { ...write(ctx), id: postId(ctx), key: null });
    await dropFile(blog, replaced);
    respond(ctx, presentStaffPost(post, blog.now()));
  });
  return router;
}

/**
 * The blog's writes (operators and admins), each in writeTransaction with its audit record:
 * `blog.create`, `blog.update` (the fields that changed; bodies by length), `blog.publish` /
 * `blog.unpublish` when the status moves, `blog.cover`, `blog.delete`. Cover files are written
 * before the transaction and removed after it (the replaced or deleted one), never inside it.
 */
import { UniqueConstraintError, type InferAttributes, type Transaction } from 'sequelize';
import type { BlogPostInput } from '../../common/blog';
import { changedFields, recordAudit, type AuditActor } from '../audit/record';
import type { BlogPost } from '../models';
import { writeTransaction } from '../platform/db/transaction';
import { ConflictError, NotFoundError } from '../platform/errors';
import type { BlogContext } from './context';

export interface StaffWrite {
  actor: AuditActor;
  ip: string | null;
}

type PostFields = Pick<
  InferAttributes<BlogPost>,
  'slug' | 'status' | 'publishedAt' | 'titleRu' | 'titleEn' | 'descriptionRu' | 'descriptionEn' | 'bodyRu' | 'bodyEn' | 'imageAltRu' | 'imageAltEn' | 'updatedById'
>;

/** Whole seconds: MySQL's DATETIME keeps no fraction (and would round a fraction up, into the future). */
function toSecond(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 1000) * 1000);
}

/** The row's fields from validated input; a published post without a date is published now. */
function fieldsOf(input: BlogPostInput, now: Date, previous: Date | null): PostFields {
  const publishedAt = input.publishedAt ? toSecond(input.publishedAt) : input.status === 'published' ? (previous ?? toSecond(now)) : null;
  const version = (lang: 'ru' | 'en') => {
    const value = input[lang];
    const complete = value.title.trim() !== '' && value.body.trim() !== '';
    return {
      title: complete ? value.title.trim() : '',
      description: complete ? value.description.trim() : '',
      body: complete ? value.body : '',
      imageAlt: value.imageAlt.trim(),
    };
  };
  const ru = version('ru');
  const en = version('en');
  return {
    slug: input.slug.trim(),
    status: input.status,
    publishedAt,
    titleRu: ru.title,
    titleEn: en.title,
    descriptionRu: ru.description,
    descriptionEn: en.description,
    bodyRu: ru.body,
    bodyEn: en.body,
    imageAltRu: ru.imageAlt,
    imageAltEn: en.imageAlt,
    updatedById: null,
  };
}

/** What the audit keeps of a post: short fields as they are, bodies by length. */
function auditView(fields: Partial<PostFields> & { imageKey?: string | null }): Record<string, unknown> {
  const view: Record<string, unknown> = { ...fields };
  for (const body of ['bodyRu', 'bodyEn'] as const) if (typeof fields[body] === 'string') view[body] = `${fields[body].length} characters`;
  delete view.updatedById;
  if (fields.publishedAt instanceof Date) view.publishedAt = fields.publishedAt.toISOString();
  return view;
}

async function slugUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UniqueConstraintError) throw new ConflictError({ messageKey: 'blog.errors.slugTaken', cause: error });
    throw error;
  }
}

export function createPost(ctx: BlogContext, props: StaffWrite & { input: BlogPostInput }): Promise<BlogPost> {
  return slugUnique(() =>
    writeTransaction(ctx.sequelize, async (transaction) => {
      const fields = { ...fieldsOf(props.input, ctx.now(), null), updatedById: props.actor.id };
      const post = await ctx.models.BlogPost.create({ ...fields, imageKey: null, createdById: props.actor.id }, { transaction });
      await recordAudit(ctx.models, transaction, { actor: props.actor, ip: props.ip, action: 'blog.create', target: { type: 'blog_post', id: post.id }, after: auditView(fields) });
      return post;
    }),
  );
}

async function lockedPost(ctx: BlogContext, id: number, transaction: Transaction): Promise<BlogPost> {
  const post = await ctx.models.BlogPost.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
  if (!post) throw new NotFoundError();
  return post;
}

export function updatePost(ctx: BlogContext, props: StaffWrite & { id: number; input: BlogPostInput }): Promise<BlogPost> {
  return slugUnique(() =>
    writeTransaction(ctx.sequelize, async (transaction) => {
      const post = await lockedPost(ctx, props.id, transaction);
      // Republishing keeps the first publication date unless a date is given.
      const keep = post.status === 'published' ? post.publishedAt : null;
      const fields = fieldsOf(props.input, ctx.now(), keep);
      const before = { ...post.get({ plain: true }) } as unknown as PostFields;
      const { before: was, after: now } = changedFields({ ...before, updatedById: null } as Record<string, unknown>, { ...fields } as Record<string, unknown>);
      await post.update({ ...fields, updatedById: props.actor.id }, { transaction });
      const action = before.status !== fields.status ? (fields.status === 'published' ? 'blog.publish' : 'blog.unpublish') : 'blog.update';
      await recordAudit(ctx.models, transaction, {
        actor: props.actor,
        ip: props.ip,
        action,
        target: { type: 'blog_post', id: post.id },
        before: auditView(was as Partial<PostFields>),
        after: auditView(now as Partial<PostFields>),
      });
      return post;
    }),
  );
}

/** Sets (or, with null, removes) the cover; answers the post and the key it replaced (to delete after the commit). */
export function setPostCover(ctx: BlogContext, props: StaffWrite & { id: number; key: string | null }): Promise<{ post: BlogPost; replaced: string | null }> {
  return writeTransaction(ctx.sequelize, async (transaction) => {
    const post = await lockedPost(ctx, props.id, transaction);
    const replaced = post.imageKey;
    await post.update({ imageKey: props.key, updatedById: props.actor.id }, { transaction });
    await recordAudit(ctx.models, transaction, {
      actor: props.actor,
      ip: props.ip,
      action: 'blog.cover',
      target: { type: 'blog_post', id: post.id },
      before: { imageKey: replaced },
      after: { imageKey: props.key },
    });
    return { post, replaced };
  });
}

/** Deletes a post; answers its cover key (to delete after the commit). */
export function deletePost(ctx: BlogContext, props: StaffWrite & { id: number }): Promise<string | null> {
  return writeTransaction(ctx.sequelize, async (transaction) => {
    const post = await lockedPost(ctx, props.id, transaction);
    const view = auditView({ slug: post.slug, status: post.status, titleRu: post.titleRu, titleEn: post.titleEn, imageKey: post.imageKey });
    await post.destroy({ transaction });
    await recordAudit(ctx.models, transaction, { actor: props.actor, ip: props.ip, action: 'blog.delete', target: { type: 'blog_post', id: props.id }, before: view });
    return post.imageKey;
  });
}

/**
 * The admins' content commands, each one write in writeTransaction with its audit record:
 * `content.update` (a page's texts in both languages) and `terms.publish` (a new terms version,
 * in force now or from a later time).
 */
import { createHash } from 'node:crypto';
import type { ContentPageKey, ContentPageUpdate, ContentTexts, TermsPublishedDto } from '../../common/content';
import type { Lang } from '../../common/api';
import { changedFields, recordAudit, type AuditActor } from '../audit/record';
import { writeTransaction } from '../platform/db/transaction';
import { NotFoundError, ValidationError } from '../platform/errors';
import type { Translate } from '../platform/i18n';
import { validationMessage } from '../../common/validation/messages';
import type { ContentContext } from './context';
import { TermsVersioned } from './errors';

export interface StaffWho {
  actor: AuditActor;
  ip: string | null;
}

/** What the audit keeps of a text: the head texts in full, the body as its length and digest (bodies are long). */
function audited(lang: Lang, texts: ContentTexts): Record<string, unknown> {
  return {
    [`${lang}.title`]: texts.title,
    [`${lang}.description`]: texts.description,
    [`${lang}.body`]: `${texts.body.length} chars sha256:${createHash('sha256').update(texts.body).digest('hex').slice(0, 16)}`,
  };
}

/** Replaces a page's texts in both languages (not the terms' body: TermsVersioned). */
export async function updateContentPage(ctx: ContentContext, props: StaffWho & { key: ContentPageKey; texts: ContentPageUpdate }): Promise<void> {
  if (props.key === 'terms') throw new TermsVersioned();
  await writeTransaction(ctx.sequelize, async (transaction) => {
    const rows = await ctx.models.ContentPage.findAll({ where: { key: props.key }, transaction, lock: transaction.LOCK.UPDATE });
    if (rows.length === 0) throw new NotFoundError();
    let before: Record<string, unknown> = {};
    let after: Record<string, unknown> = {};
    for (const lang of ['ru', 'en'] as const) {
      const next = props.texts[lang];
      const row = rows.find((candidate) => candidate.lang === lang);
      before = { ...before, ...(row ? audited(lang, row) : {}) };
      after = { ...after, ...audited(lang, next) };
      if (row) await row.update({ title: next.title, description: next.description, body: next.body }, { transaction });
      else await ctx.models.ContentPage.create({ key: props.key, lang, ...next }, { transaction });
    }
    await recordAudit(ctx.models, transaction, {
      actor: props.actor,
      ip: props.ip,
      action: 'content.update',
      target: { type: 'content_page', id: props.key },
      ...changedFields(before, after),
    });
  });
}

/**
 * Publishes a new terms version (the next number) with both languages' texts, in force from
 * `publishAt` (a later time schedules it; absent: now). A time already past is refused.
 */
export async function publishTerms(
  ctx: ContentContext,
  props: StaffWho & { bodyRu: string; bodyEn: string; publishAt: string | null | undefined; t: Translate },
): Promise<TermsPublishedDto> {
  const now = ctx.now();
  const publishedAt = props.publishAt ? new Date(props.publishAt) : now;
  if (publishedAt.getTime() < now.getTime() - 60_000) {
    const message = validationMessage('general_error');
    throw new ValidationError({ publishAt: props.t(message.key) });
  }
  return writeTransaction(ctx.sequelize, async (transaction) => {
    // The last number, locked (MariaDB): two publications at once take turns; the unique index backs it.
    const last = await ctx.models.TermsVersion.findOne({ attributes: ['id', 'version'], order: [['version', 'DESC']], transaction, lock: transaction.LOCK.UPDATE });
    const version = (last?.version ?? 0) + 1;
    await ctx.models.TermsVersion.create({ version, bodyRu: props.bodyRu, bodyEn: props.bodyEn, publishedAt, createdById: props.actor.id }, { transaction });
    const scheduled = publishedAt.getTime() > now.getTime();
    const dto = { version, publishedAt: publishedAt.toISOString(), scheduled };
    await recordAudit(ctx.models, transaction, {
      actor: props.actor,
      ip: props.ip,
      action: 'terms.publish',
      target: { type: 'terms', id: version },
      after: { ...dto, ...audited('ru', { title: '', description: '', body: props.bodyRu }), ...audited('en', { title: '', description: '', body: props.bodyEn }) },
    });
    return dto;
  });
}

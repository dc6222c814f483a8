import Router from '@koa/router';
import { contactSchema, messageReplySchema, messagesListSchema, type ContactMessageList } from '../../common/contacts';
import { loadSessionUser } from '../accounts/requireUser';
import { requireStaff, staffActor, type StaffDeps } from '../console/policy';
import { NotFoundError } from '../platform/errors';
import { respond } from '../platform/http/respond';
import type { AppContext, AppState } from '../platform/http/types';
import { validate } from '../platform/http/validate';
import type { CaptchaVerifier } from '../platform/security/captcha';
import { clientIp, type RateLimits } from '../platform/security/rateLimit';
import { markContactAnswered, openContactMessage, replyToContactMessage, sendContactMessage } from './commands';
import type { ContactsContext } from './context';
import { presentContactMessage } from './presenters';
import { listContactMessages } from './queries';

/** Messages a client address may send per hour. */
export const CONTACT_LIMIT = { points: 5, durationSec: 60 * 60 } as const;

/** `POST /api/contacts`: `limit per IP → validate → captcha → command` → "Message sent". */
export function contactRoutes(deps: StaffDeps & { contacts: ContactsContext; rateLimits: RateLimits; captcha: CaptchaVerifier }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/contacts' });
  router.post('/', deps.rateLimits.rateLimit({ name: 'contacts.send', ...CONTACT_LIMIT, key: clientIp }), validate(contactSchema), async function sendMessage(ctx) {
    const input = ctx.state.input;
    await deps.captcha.verify(input.captcha, { ip: clientIp(ctx), action: 'contact' });
    const user = await loadSessionUser(ctx, deps);
    await sendContactMessage(deps.contacts, { input, lang: ctx.state.lang, userId: user?.id ?? null });
    respond(ctx, { message: ctx.state.t('contacts.sent') }, 201);
  });
  return router;
}

function messageId(ctx: AppContext): number {
  const id = String(ctx.params.id ?? '');
  if (!/^\d{1,12}$/.test(id)) throw new NotFoundError();
  return Number(id);
}

/** `/api/operator/messages` (operators and admins): the list, open (read), mark answered, reply by e-mail. */
export function staffMessageRoutes(deps: StaffDeps & { contacts: ContactsContext }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/operator/messages' });
  router.use(...requireStaff(deps));

  router.get('/', validate(messagesListSchema, 'query'), async function listMessages(ctx) {
    const { rows, nextCursor, unread } = await listContactMessages(deps.contacts.models, ctx.state.input);
    const body: ContactMessageList = { messages: rows.map(presentContactMessage), nextCursor, unread };
    respond(ctx, body);
  });

  router.post('/:id/read', async function openMessage(ctx) {
    respond(ctx, presentContactMessage(await openContactMessage(deps.contacts, { actor: staffActor(ctx), ip: ctx.ip, id: messageId(ctx) })));
  });

  router.post('/:id/answered', async function markAnswered(ctx) {
    respond(ctx, presentContactMessage(await markContactAnswered(deps.contacts, { actor: staffActor(ctx), ip: ctx.ip, id: messageId(ctx) })));
  });

  router.post('/:id/reply', validate(messageReplySchema), async function reply(ctx) {
    const message = await replyToContactMessage(deps.contacts, { actor: staffActor(ctx), ip: ctx.ip, id: messageId(ctx), input: ctx.state.input });
    respond(ctx, presentContactMessage(message));
  });
  return router;
}

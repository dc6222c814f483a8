import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { CONTACT_REPLY_MAX, type ContactMessageDto, type ContactMessageList } from '../../../../../common/contacts';
import { api } from '../../../api/client';
import { ApiError } from '../../../api/ApiError';
import { Button } from '../../../components/Button';
import '../operator.css';
import '../siteReviews/siteReviews.css';

const KEY = ['operator', 'messages'] as const;

/** `/operator/messages`: the contacts form's messages, newest first, unread marked; open, mark answered, reply by e-mail. */
export default function MessagesSection() {
  const { t } = useTranslation();
  const list = useInfiniteQuery({
    queryKey: KEY,
    queryFn: ({ pageParam }) => api.get<ContactMessageList>('/operator/messages', { query: { cursor: pageParam || undefined } }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const messages = list.data?.pages.flatMap((page) => page.messages) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;
  return (
    <section className="console-messages" aria-label={t('console.sections.messages')} data-testid="console-messages">
      <p>{t('contacts.console.intro')}</p>
      {list.data && <p data-testid="messages-unread">{t('contacts.console.unreadCount', { count: unread })}</p>}
      {list.isPending ? (
        <p role="status">{t('customerReviews.loading')}</p>
      ) : list.isError ? (
        <p className="order-notice order-notice--error" role="alert">
          {list.error instanceof ApiError ? list.error.message : t('contacts.console.loadError')}
        </p>
      ) : messages.length === 0 ? (
        <p className="operator-muted" data-testid="messages-empty">{t('contacts.console.empty')}</p>
      ) : (
        <ul className="site-reviews__list" data-testid="messages-list">
          {messages.map((message) => (
            <Message key={message.id} message={message} />
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <Button variant="ghost" color="secondary" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
          {t('contacts.console.more')}
        </Button>
      )}
    </section>
  );
}

function Message({ message }: { message: ContactMessageDto }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reply, setReply] = useState('');
  const refresh = () => void client.invalidateQueries({ queryKey: KEY });
  const read = useMutation({ mutationFn: () => api.post<ContactMessageDto>(`/operator/messages/${message.id}/read`, {}), onSuccess: refresh });
  const answered = useMutation({ mutationFn: () => api.post<ContactMessageDto>(`/operator/messages/${message.id}/answered`, {}), onSuccess: refresh });
  const send = useMutation({
    mutationFn: () => api.post<ContactMessageDto>(`/operator/messages/${message.id}/reply`, { text: reply }),
    onSuccess: () => {
      setReply('');
      refresh();
    },
  });
  const failure = read.error ?? answered.error ?? send.error;
  const unread = message.readAt === null;
  function toggle() {
    setOpen((shown) => !shown);
    if (!open && unread) read.mutate();
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    send.mutate();
  }
  return (
    <li className={unread ? 'site-reviews__item site-reviews__item--unread' : 'site-reviews__item'} data-testid={`message-${message.id}`}>
      <div className="site-reviews__head">
        {unread && <strong data-testid="message-unread">{t('contacts.console.unread')}</strong>}
        {message.answeredAt && <span data-testid="message-answered">{t('contacts.console.answered')}</span>}
        <strong>{t(`contacts.subjects.${message.subject}`)}</strong>
        <span>{t('contacts.console.from', { name: message.name, email: message.email })}</span>
        <time dateTime={message.createdAt}>{new Date(message.createdAt).toLocaleString(i18n.language)}</time>
        <Button size="small" variant="ghost" color="secondary" onClick={toggle} aria-expanded={open}>
          {t('contacts.console.open')}
        </Button>
      </div>
      {open && (
        <>
          <p className="site-reviews__text" data-testid="message-text">
            {message.message}
          </p>
          {message.reply && (
            <p className="site-reviews__text">
              <strong>{t('contacts.console.lastReply')}: </strong>
              {message.reply}
            </p>
          )}
          <form className="site-reviews__reply" onSubmit={submit}>
            <label className="operator-input">
              <span>{t('contacts.console.replyLabel')}</span>
              <textarea name="reply" rows={4} maxLength={CONTACT_REPLY_MAX} value={reply} onChange={(event) => setReply(event.currentTarget.value)} />
            </label>
            <Button type="submit" size="small" loading={send.isPending}>
              {t('contacts.console.replySend')}
            </Button>
            {!message.answeredAt && (
              <Button size="small" variant="ghost" color="secondary" onClick={() => answered.mutate()} loading={answered.isPending}>
                {t('contacts.console.markAnswered')}
              </Button>
            )}
          </form>
          {send.isSuccess && <p role="status">{t('contacts.console.replySent')}</p>}
        </>
      )}
      {failure && (
        <p className="order-notice order-notice--error" role="alert">
          {failure instanceof ApiError ? failure.message : t('contacts.console.loadError')}
        </p>
      )}
    </li>
  );
}

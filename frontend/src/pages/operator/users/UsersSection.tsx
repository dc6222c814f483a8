import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { USER_ROLES, type UserRole } from '../../../../../common/enums';
import type { AdminUserDto, AdminUserList } from '../../../../../common/usersAdmin';
import { api } from '../../../api/client';
import { ApiError } from '../../../api/ApiError';
import { Button } from '../../../components/Button';
import { useSessionStore } from '../../../stores/session';
import { UserSessions } from './UserSessions';
import { ConfirmBar } from '../ConfirmBar';
import { PartnerPercent } from '../withdrawals/PartnerPercent';
import '../operator.css';
import './users.css';

const KEY = ['admin', 'users'] as const;

function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/**
 * `/operator/users` (staff): the customer look-up — search, then one user with their orders,
 * live sessions and KYC status. Admins also block, unblock, change roles and end one session (each
 * after a confirmation);
 * operators see the same read-only (the server refuses their changes anyway).
 */
export default function UsersSection() {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <section className="console-users" aria-label={t('usersAdmin.title')} data-testid="console-users">
      {selected === null ? <UserSearch onOpen={setSelected} /> : <UserView id={selected} onBack={() => setSelected(null)} />}
    </section>
  );
}

function UserSearch({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const list = useInfiniteQuery({
    queryKey: [...KEY, 'search', q],
    queryFn: ({ pageParam }) => api.get<AdminUserList>('/admin/users', { query: { q: q || undefined, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    setQ(text.trim());
  }
  const users = list.data?.pages.flatMap((page) => page.users) ?? [];
  return (
    <>
      <form className="console-users__search" role="search" onSubmit={submit}>
        <label className="operator-input">
          <span>{t('usersAdmin.search')}</span>
          <input type="search" value={text} onChange={(event) => setText(event.currentTarget.value)} maxLength={254} data-testid="users-search" />
        </label>
        <Button type="submit">{t('usersAdmin.searchButton')}</Button>
      </form>
      {list.isPending ? (
        <p>{t('usersAdmin.loading')}</p>
      ) : list.isError ? (
        <p className="order-notice order-notice--error" role="alert">
          {errorText(list.error, t('usersAdmin.loadError'))}
        </p>
      ) : users.length === 0 ? (
        <p>{t('usersAdmin.empty')}</p>
      ) : (
        <ul className="console-users__list" data-testid="users-list">
          {users.map((user) => (
            <li key={user.id} data-testid={`users-row-${user.id}`}>
              <button type="button" className="console-users__open" onClick={() => onOpen(user.id)}>
                <span>#{user.id}</span>
                <span className="console-users__email">{user.email}</span>
                <span>{[user.firstName, user.secondName].filter(Boolean).join(' ')}</span>
                <span>{t(`usersAdmin.roles.${user.role}`)}</span>
                <span>{t(`usersAdmin.statuses.${user.status}`)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <Button variant="ghost" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {t('usersAdmin.more')}
        </Button>
      )}
    </>
  );
}

function UserView({ id, onBack }: { id: number; onBack: () => void }) {
  const { t, i18n } = useTranslation();
  const isAdmin = useSessionStore((state) => state.user?.role === 'admin');
  const user = useQuery({ queryKey: [...KEY, 'one', id], queryFn: () => api.get<AdminUserDto>(`/admin/users/${id}`) });
  const date = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  return (
    <div className="console-users__view">
      <Button variant="ghost" onClick={onBack}>
        {t('usersAdmin.back')}
      </Button>
      {user.isPending ? (
        <p>{t('usersAdmin.loading')}</p>
      ) : user.isError ? (
        <p className="order-notice order-notice--error" role="alert">
          {errorText(user.error, t('usersAdmin.loadError'))}
        </p>
      ) : (
        <>
          <dl className="console-users__profile" data-testid="user-profile">
            <dt>{t('usersAdmin.profile.email')}</dt>
            <dd>{user.data.email}</dd>
            <dt>{t('usersAdmin.profile.name')}</dt>
            <dd>{[user.data.firstName, user.data.secondName].filter(Boolean).join(' ') || '—'}</dd>
            <dt>{t('usersAdmin.profile.phone')}</dt>
            <dd>{user.data.phone ?? '—'}</dd>
            <dt>{t('usersAdmin.profile.role')}</dt>
            <dd data-testid="user-role">{t(`usersAdmin.roles.${user.data.role}`)}</dd>
            <dt>{t('usersAdmin.profile.status')}</dt>
            <dd data-testid="user-status">
              {t(`usersAdmin.statuses.${user.data.status}`)}
              {user.data.blockedUntil && ` · ${t('usersAdmin.profile.blockedUntil', { until: date(user.data.blockedUntil) })}`}
            </dd>
            <dt>{t('usersAdmin.profile.twoFactor')}</dt>
            <dd>{user.data.twoFactorEnabled ? t('usersAdmin.profile.on') : t('usersAdmin.profile.off')}</dd>
            <dt>{t('usersAdmin.profile.kyc')}</dt>
            <dd data-testid="user-kyc">{t(`usersAdmin.kyc.${user.data.kycStatus ?? 'none'}`)}</dd>
            <dt>{t('usersAdmin.profile.created')}</dt>
            <dd>{date(user.data.createdAt)}</dd>
          </dl>
          <UserSessions user={user.data} queryKey={[...KEY, 'one', id]} canEnd={isAdmin} />
          <h2>{t('usersAdmin.orders.title')}</h2>
          {user.data.orders.length === 0 ? (
            <p>{t('usersAdmin.orders.empty')}</p>
          ) : (
            <ul className="console-users__orders" data-testid="user-orders">
              {user.data.orders.map((order) => (
                <li key={order.uid}>
                  <code>{order.uid}</code> {order.amountSend} {order.fromCode} → {order.amountReceive} {order.toCode} · {t(`order.operator.statuses.${order.status}`)} ·{' '}
                  {date(order.createdAt)}
                </li>
              ))}
            </ul>
          )}
          {isAdmin ? <UserAdminActions user={user.data} /> : <p>{t('usersAdmin.actions.readOnly')}</p>}
          {isAdmin && <PartnerPercent userId={id} />}
        </>
      )}
    </div>
  );
}

type Pending = { kind: 'block' } | { kind: 'unblock' } | { kind: 'role'; role: UserRole };

function UserAdminActions({ user }: { user: AdminUserDto }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [role, setRole] = useState<UserRole>(user.role);
  const [pending, setPending] = useState<Pending | null>(null);
  const change = useMutation({
    mutationFn: (what: Pending) =>
      what.kind === 'role'
        ? api.put<AdminUserDto>(`/admin/users/${user.id}/role`, { role: what.role })
        : api.post<AdminUserDto>(`/admin/users/${user.id}/${what.kind}`, {}),
    onSuccess: (answer) => {
      setPending(null);
      client.setQueryData([...KEY, 'one', user.id], answer);
      void client.invalidateQueries({ queryKey: [...KEY, 'search'] });
    },
  });
  const question =
    pending?.kind === 'role'
      ? t('usersAdmin.actions.confirmRole', { email: user.email, role: t(`usersAdmin.roles.${pending.role}`) })
      : pending?.kind === 'block'
        ? t('usersAdmin.actions.confirmBlock', { email: user.email })
        : pending
          ? t('usersAdmin.actions.confirmUnblock', { email: user.email })
          : '';
  return (
    <div className="console-users__actions" data-testid="user-actions">
      <h2>{t('usersAdmin.actions.title')}</h2>
      {user.status === 'blocked' ? (
        <Button variant="ghost" onClick={() => setPending({ kind: 'unblock' })}>
          {t('usersAdmin.actions.unblock')}
        </Button>
      ) : user.status !== 'deleted' ? (
        <Button variant="ghost" onClick={() => setPending({ kind: 'block' })}>
          {t('usersAdmin.actions.block')}
        </Button>
      ) : null}
      {user.status !== 'deleted' && (
        <span className="console-users__role">
          <label className="operator-input">
            <span>{t('usersAdmin.actions.role')}</span>
            <select value={role} onChange={(event) => setRole(event.currentTarget.value as UserRole)} data-testid="user-role-select">
              {USER_ROLES.map((option) => (
                <option key={option} value={option}>
                  {t(`usersAdmin.roles.${option}`)}
                </option>
              ))}
            </select>
          </label>
          <Button variant="ghost" disabled={role === user.role} onClick={() => setPending({ kind: 'role', role })}>
            {t('usersAdmin.actions.changeRole')}
          </Button>
        </span>
      )}
      {pending && (
        <ConfirmBar
          question={question}
          confirmLabel={t('usersAdmin.actions.confirm')}
          cancelLabel={t('usersAdmin.actions.cancel')}
          onConfirm={() => change.mutate(pending)}
          onCancel={() => setPending(null)}
          busy={change.isPending}
        />
      )}
      {change.isError && (
        <p className="order-notice order-notice--error" role="alert">
          {errorText(change.error, t('usersAdmin.loadError'))}
        </p>
      )}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserDto, AdminUserSessionDto } from '../../../../../common/usersAdmin';
import { api } from '../../../api/client';
import { ApiError } from '../../../api/ApiError';
import { ConfirmedAction } from '../ConfirmBar';

/**
 * The user's live sessions in the console's user view: browser, address, signed in, last seen and
 * the viewer's own session marked. Admins end one after a confirmation
 * (`DELETE /api/admin/users/{id}/sessions/{sessionId}`); the answer is the user again.
 */
export function UserSessions({ user, queryKey, canEnd }: { user: AdminUserDto; queryKey: readonly unknown[]; canEnd: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <h2>{t('usersAdmin.sessions.title')}</h2>
      {user.sessions.length === 0 ? (
        <p className="operator-muted" data-testid="user-sessions-empty">
          {user.status === 'active' ? t('usersAdmin.sessions.empty') : t('usersAdmin.sessions.none')}
        </p>
      ) : (
        <div className="operator-table-wrap">
          <table className="operator-table" data-testid="user-sessions">
            <thead>
              <tr>
                <th>{t('usersAdmin.sessions.device')}</th>
                <th>{t('usersAdmin.sessions.ip')}</th>
                <th>{t('usersAdmin.sessions.created')}</th>
                <th>{t('usersAdmin.sessions.lastSeen')}</th>
                {canEnd && <th>{t('usersAdmin.sessions.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {user.sessions.map((session) => (
                <SessionRow key={session.id} session={session} user={user} queryKey={queryKey} canEnd={canEnd} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function SessionRow({ session, user, queryKey, canEnd }: { session: AdminUserSessionDto; user: AdminUserDto; queryKey: readonly unknown[]; canEnd: boolean }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const end = useMutation({
    mutationFn: () => api.delete<AdminUserDto>(`/admin/users/${user.id}/sessions/${encodeURIComponent(session.id)}`),
    onSuccess: (answer) => client.setQueryData(queryKey, answer),
  });
  const date = (iso: string | null) => (iso ? <time dateTime={iso}>{new Date(iso).toLocaleString(i18n.language)}</time> : '—');
  const question = t('usersAdmin.sessions.confirmEnd', { email: user.email, device: session.userAgent || t('usersAdmin.sessions.unknownDevice') });
  return (
    <tr data-testid={`user-session-${session.id}`}>
      <td>
        <span className="console-users__agent">{session.userAgent || t('usersAdmin.sessions.unknownDevice')}</span>
        {session.current && <strong data-testid="user-session-current">{t('usersAdmin.sessions.current')}</strong>}
      </td>
      <td>
        <code>{session.ip ?? '—'}</code>
      </td>
      <td>{date(session.createdAt)}</td>
      <td>{date(session.lastSeenAt)}</td>
      {canEnd && (
        <td>
          {session.current ? (
            <span className="operator-muted">{t('usersAdmin.sessions.currentHint')}</span>
          ) : (
            <ConfirmedAction
              label={t('usersAdmin.sessions.end')}
              question={question}
              confirmLabel={t('usersAdmin.sessions.confirm')}
              cancelLabel={t('usersAdmin.actions.cancel')}
              onConfirm={() => end.mutate()}
              busy={end.isPending}
              error={end.isError ? (end.error instanceof ApiError ? end.error.message : t('usersAdmin.sessions.endError')) : null}
            />
          )}
        </td>
      )}
    </tr>
  );
}

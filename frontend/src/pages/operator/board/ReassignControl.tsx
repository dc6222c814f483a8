/**
 * Admins only: gives the order to another active staff member (`POST …/reassign {userId}`). The
 * list is the users search filtered to active operators and admins; the drawer runs the change
 * (its row on the board updates, its error shows under the drawer).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardOrderDrawer } from '../../../../../common/board';
import { ApiError } from '../../../api/ApiError';
import { Button } from '../../../components/Button';
import { useSessionStore } from '../../../stores/session';
import { boardApi } from './api';

interface Props {
  order: Pick<BoardOrderDrawer, 'uid' | 'assignedTo'>;
  onReassign: (userId: number) => Promise<void>;
}

export function ReassignControl({ order, onReassign }: Props) {
  const isAdmin = useSessionStore((state) => state.user?.role === 'admin');
  return isAdmin ? <StaffSelect order={order} onReassign={onReassign} /> : null;
}

function StaffSelect({ order, onReassign }: Props) {
  const { t } = useTranslation();
  const staff = useQuery({ queryKey: ['operator', 'staff'], queryFn: boardApi.staff });
  const [chosen, setChosen] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const userId = chosen || (order.assignedTo ? String(order.assignedTo.id) : '');
  return (
    <form
      className="board-inline-form"
      data-testid="reassign"
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        void onReassign(Number(userId)).finally(() => setBusy(false));
      }}
    >
      <label className="operator-input">
        <span>{t('boardUi.reassign.label')}</span>
        <select value={userId} onChange={(event) => setChosen(event.currentTarget.value)} disabled={!staff.data} data-testid="reassign-select">
          <option value="" disabled>
            {staff.isPending ? t('boardUi.reassign.loading') : t('boardUi.reassign.choose')}
          </option>
          {staff.data?.map((user) => (
            <option key={user.id} value={String(user.id)}>
              {user.email} ({t(`usersAdmin.roles.${user.role}`)})
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" color="secondary" loading={busy} disabled={!userId || userId === String(order.assignedTo?.id ?? '')} data-testid="reassign-submit">
        {t('boardUi.reassign.submit')}
      </Button>
      {staff.isError && (
        <p className="order-notice order-notice--error" role="alert" data-testid="reassign-staff-error">
          {staff.error instanceof ApiError ? staff.error.message : t('boardUi.reassign.staffError')}
        </p>
      )}
    </form>
  );
}

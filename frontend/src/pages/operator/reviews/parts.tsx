/** What every review queue shows alike: the list with its states, the decision dialog, the reason field. */
import { useQueryClient, type InfiniteData, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { PageLoader } from '../../../layout/PageLoader';

interface QueueListProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<{ items: T[] }>>;
  /** Shown when the queue is empty. */
  empty: string;
  /** Shown when the queue could not be read and the server said nothing. */
  loadError: string;
  testId: string;
  children: (item: T) => ReactNode;
}

/** A queue read page by page: loading, the load error with Try again, empty, the items, Load more. */
export function QueueList<T>({ query, empty, loadError, testId, children }: QueueListProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <div className="order-notice order-notice--error" role="alert">
        <p>{query.error instanceof ApiError ? query.error.message : loadError}</p>
        <Button variant="ghost" color="secondary" onClick={() => void query.refetch()}>
          {t('reviews.retry')}
        </Button>
      </div>
    );
  }
  const items = query.data.pages.flatMap((page) => page.items);
  return (
    <>
      {items.length === 0 ? (
        <p className="order-muted" data-testid="reviews-empty">
          {empty}
        </p>
      ) : (
        <ul className="reviews-list" data-testid={testId}>
          {items.map(children)}
        </ul>
      )}
      {query.hasNextPage && (
        <Button variant="ghost" color="secondary" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {t('reviews.loadMore')}
        </Button>
      )}
    </>
  );
}

/**
 * One decision in progress: `decide(send)` posts it, reloads the queue `queryKey` and closes the
 * dialog; a refusal of the server stays in the dialog (the reason's field message first).
 */
export function useDecision(queryKey: readonly unknown[], onClose: () => void) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function decide(send: () => Promise<unknown>): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      await send();
      await queryClient.invalidateQueries({ queryKey });
      onClose();
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      setError(caught.fields?.reason ?? caught.message);
      setBusy(false);
    }
  }
  return { busy, error, decide };
}

interface DecisionModalProps {
  title: string;
  /** The confirm button's label; a refusal is shown as the secondary action. */
  confirmLabel: string;
  refusal: boolean;
  busy: boolean;
  disabled: boolean;
  error: string | null;
  confirmTestId: string;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** A decision confirmed in a small dialog, the server's refusal shown in it. */
export function DecisionModal({ title, confirmLabel, refusal, busy, disabled, error, confirmTestId, onConfirm, onClose, children }: DecisionModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      onClose={onClose}
      size="small"
      title={title}
      footer={
        <>
          <Button variant="ghost" color="secondary" onClick={onClose}>
            {t('reviews.dialog.cancel')}
          </Button>
          <Button color={refusal ? 'secondary' : 'primary'} loading={busy} disabled={disabled} onClick={onConfirm} data-testid={confirmTestId}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {error && (
        <p className="order-notice order-notice--error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}

/** The reason a customer will read, with its length against `max`. */
export function ReasonField({ label, value, max, placeholder, onChange }: { label: string; value: string; max: number; placeholder?: string; onChange: (value: string) => void }) {
  const tooLong = value.length > max;
  return (
    <label className="reviews-reason">
      <span>{label}</span>
      <textarea name="reason" rows={4} value={value} placeholder={placeholder} onChange={(event) => onChange(event.currentTarget.value)} aria-invalid={tooLong} />
      <span className={tooLong ? 'reviews-count reviews-count--over' : 'reviews-count'}>
        {value.length} / {max}
      </span>
    </label>
  );
}

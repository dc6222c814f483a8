/**
 * A table read page by page (a react-query infinite query): loading, the load error with "Try
 * again", the empty text, the rows, "Load more". A table on wide screens, labelled cards under
 * 760 px (styles/tables.css: every cell carries its column's name in `data-label`).
 */
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { PageLoader } from '../../layout/PageLoader';
import { apiErrorText } from './errors';

interface Props<T> {
  query: UseInfiniteQueryResult<InfiniteData<{ items: T[] }>>;
  /** Translated column names, in order. */
  columns: string[];
  empty: string;
  testId: string;
  children: (item: T) => ReactNode;
}

export function PagedTable<T>({ query, columns, empty, testId, children }: Props<T>) {
  const { t } = useTranslation();
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <div className="exchanges-state" role="alert" data-testid={`${testId}-error`}>
        <p>{apiErrorText(query.error, t, t('partner.loadError'))}</p>
        <Button variant="ghost" color="secondary" size="small" onClick={() => void query.refetch()}>
          {t('partner.retry')}
        </Button>
      </div>
    );
  }
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <div className="exchanges-state" data-testid={`${testId}-empty`}>
        <p>{empty}</p>
      </div>
    );
  }
  return (
    <>
      <table className="exchanges-table partner-table" data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{items.map(children)}</tbody>
      </table>
      {query.hasNextPage && (
        <Button variant="ghost" color="secondary" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {t('partner.more')}
        </Button>
      )}
    </>
  );
}

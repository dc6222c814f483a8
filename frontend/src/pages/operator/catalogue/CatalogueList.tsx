import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { PageLoader } from '../../../layout/PageLoader';
import '../operator.css';
import '../../order/order.css';
import './catalogue.css';

/** One column: its heading (also the cell's label on a narrow screen) and what a row shows in it. */
export interface CatalogueColumn<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
}

interface Props<Row> {
  /** The section's accessible name. */
  label: string;
  search: { label: string; value: string; onChange: (value: string) => void; testId: string; maxLength?: number };
  /** Beside the search (a count). */
  summary?: ReactNode;
  /** The list's query: its failure shows as an alert, pending without rows as the loader. */
  query: { error: Error | null; isPending: boolean };
  rows: readonly Row[];
  columns: readonly CatalogueColumn<Row>[];
  rowKey: (row: Row) => string;
  rowTestId: (row: Row) => string;
  tableTestId: string;
  onEdit: (row: Row) => void;
  empty: string;
  /** Under the table: paging, the edit dialog. */
  children?: ReactNode;
}

/**
 * A catalogue section's list (directions, assets): a search box, then a table whose rows become
 * cards at 375 px, each cell labelled with its column (`data-label`, operator.css), and an Edit
 * button per row; the loader while nothing has arrived, the empty text when nothing matches.
 */
export function CatalogueList<Row>({ label, search, summary, query, rows, columns, rowKey, rowTestId, tableTestId, onEdit, empty, children }: Props<Row>) {
  const { t } = useTranslation();
  return (
    <section className="catalogue-section" aria-label={label}>
      <div className="operator-toolbar">
        <label className="operator-input">
          <span>{search.label}</span>
          <input
            type="search"
            value={search.value}
            maxLength={search.maxLength}
            onChange={(event) => search.onChange(event.currentTarget.value)}
            data-testid={search.testId}
          />
        </label>
        {summary}
      </div>
      {query.error && (
        <p className="order-notice order-notice--error" role="alert">
          {query.error.message}
        </p>
      )}
      {rows.length > 0 ? (
        <div className="operator-table-wrap">
          <table className="operator-table catalogue-table" data-testid={tableTestId}>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.label}>{column.label}</th>
                ))}
                <th>
                  <span className="visually-hidden">{t('catalogueAdmin.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)} data-testid={rowTestId(row)}>
                  {columns.map((column) => (
                    <td key={column.label} data-label={column.label}>
                      {column.cell(row)}
                    </td>
                  ))}
                  <td>
                    <Button size="small" variant="ghost" color="secondary" onClick={() => onEdit(row)}>
                      {t('catalogueAdmin.edit')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : query.isPending ? (
        <PageLoader />
      ) : (
        !query.error && <p className="order-muted">{empty}</p>
      )}
      {children}
    </section>
  );
}

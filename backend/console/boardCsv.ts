/**
 * `GET /api/operator/orders.csv` (the board's filters, common/board.ts): a streamed CSV of at most
 * BOARD_CSV_MAX_ROWS orders, newest first, read in batches; column names translated by `lang`;
 * cells that a spreadsheet would run as a formula (= + - @, tab, CR) are neutralised with a `'`.
 */
import { Readable } from 'node:stream';
import Router from '@koa/router';
import { BOARD_CSV_COLUMNS, BOARD_CSV_MAX_ROWS, type BoardCsvColumn } from '../../common/board';
import type { Models } from '../models';
import type { AppState } from '../platform/http/types';
import { validate } from '../platform/http/validate';
import { signedInUser } from '../accounts/requireUser';
import type { Translate } from '../platform/i18n';
import { findBoardOrders, type BoardOrder, type BoardQuery } from './board';
import { boardListSchema } from './boardSchemas';
import { requireStaff, type StaffDeps } from './policy';

const BATCH = 500;

/** One CSV cell: formula triggers neutralised, quoted when needed. */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function cells(order: BoardOrder): Record<BoardCsvColumn, string | null> {
  return {
    uid: order.uid,
    createdAt: order.createdAt.toISOString(),
    status: order.status,
    from: order.fromCode,
    to: order.toCode,
    amountSend: order.amountSend,
    amountReceive: order.amountReceive,
    rate: order.rate,
    email: order.email,
    senderAccount: order.senderAccount,
    receiverAccount: order.receiverAccount,
    assignedTo: order.assignedTo ? (order.holder?.email ?? String(order.assignedTo)) : null,
    escalated: order.escalatedAt ? 'yes' : 'no',
  };
}

/** The CSV's lines: a header, then the matching orders, BOARD_CSV_MAX_ROWS at most. */
export async function* boardCsvLines(models: Pick<Models, 'Order' | 'Asset'>, query: BoardQuery, me: number, t: Translate, max = BOARD_CSV_MAX_ROWS): AsyncGenerator<string> {
  yield `\uFEFF${BOARD_CSV_COLUMNS.map((column) => csvCell(t(`board.csv.${column}`))).join(',')}\r\n`;
  let cursor: string | undefined;
  let written = 0;
  while (written < max) {
    const { rows, more } = await findBoardOrders(models, { ...query, cursor }, me, Math.min(BATCH, max - written));
    let chunk = '';
    for (const order of rows) {
      const row = cells(order);
      chunk += `${BOARD_CSV_COLUMNS.map((column) => csvCell(row[column])).join(',')}\r\n`;
    }
    written += rows.length;
    if (chunk) yield chunk;
    if (!more || rows.length === 0) break;
    cursor = String(rows[rows.length - 1]!.id);
  }
}

export function boardCsvRoutes(deps: StaffDeps & { models: Pick<Models, 'Order' | 'Asset'> }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/operator' });
  router.get('/orders.csv', ...requireStaff(deps), validate(boardListSchema, 'query'), async function exportCsv(ctx) {
    const query = { ...(ctx.state.input as BoardQuery), cursor: undefined };
    ctx.set('Content-Type', 'text/csv; charset=utf-8');
    ctx.set('Content-Disposition', 'attachment; filename="orders.csv"');
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = Readable.from(boardCsvLines(deps.models, query, signedInUser(ctx).id, ctx.state.t));
  });
  return router;
}

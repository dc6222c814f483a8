/** The plain-text export (Premium Exchanger): `FROM;TO;IN;OUT;RESERVE;` per line. */
import type { ExportRow } from './rows';

export function formatRatesTxt(rows: readonly ExportRow[]): string {
  let body = '';
  for (const row of rows) body += `${row.from};${row.to};${row.in};${row.out};${row.amount};\n`;
  return body;
}

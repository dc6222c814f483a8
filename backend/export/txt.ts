/** The plain-text export (Premium Exchanger): `FROM;TO;IN;OUT;RESERVE;` per line, as UTF-8 bytes. */
import type { ExportRow } from './rows';
import { Utf8Writer } from './writer';

const BYTES_PER_LINE = 64;

/** One `FROM;TO;IN;OUT;RESERVE;` line. */
export function txtLine(row: ExportRow): string {
  return `${row.from};${row.to};${row.in};${row.out};${row.amount};\n`;
}

export function formatRatesTxt(rows: readonly ExportRow[]): Buffer {
  const writer = new Utf8Writer(BYTES_PER_LINE * rows.length);
  for (const row of rows) writer.write(txtLine(row));
  return writer.toBuffer();
}

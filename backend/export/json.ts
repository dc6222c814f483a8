/** The JSON export: a compact array with the XML's fields, every value a string, as UTF-8 bytes. */
import type { ExportRow } from './rows';

export function formatRatesJson(rows: readonly ExportRow[]): Buffer {
  // Rows share one object shape and leave absent fields undefined, which JSON omits.
  return Buffer.from(JSON.stringify(rows), 'utf8');
}

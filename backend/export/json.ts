/** The JSON export: a compact array with the XML's fields, every number as a decimal string. */
import type { ExportRow } from './rows';

export function formatRatesJson(rows: readonly ExportRow[]): string {
  return JSON.stringify(rows);
}

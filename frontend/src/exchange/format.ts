/** What a visitor types into an amount field, read as a decimal string (display: common/money.ts `formatMoney`). */

/**
 * What the visitor typed, as a decimal string or as typed: a comma becomes a point; spaces,
 * leading zeros and trailing fraction zeros go (so does a trailing point, "1." while typing);
 * a leading point gets its zero. Anything else is left for the amount check to refuse.
 */
export function normalizeTypedAmount(typed: string): string {
  let compact = typed.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (/^\d*\.\d*$/.test(compact)) compact = compact.replace(/0+$/, '').replace(/\.$/, '');
  if (compact.startsWith('.')) compact = `0${compact}`;
  return compact.replace(/^0+(?=\d)/, '');
}

/** Keeps only what an amount can hold while typing: digits and one decimal separator. */
export function sanitizeAmountInput(typed: string): string {
  const cleaned = typed.replace(/[^\d.,]/g, '').replace(/,/g, '.');
  const point = cleaned.indexOf('.');
  return point === -1 ? cleaned : cleaned.slice(0, point + 1) + cleaned.slice(point + 1).replace(/\./g, '');
}

/**
 * The default pair's rate the server prerendered into the home page (backend/seo/shell.ts): the
 * widget shows it while its own data loads, so the rate a phone painted before any JavaScript stays
 * on screen until the live one replaces it. Used once: forgotten when the widget is first ready.
 */
import { PRERENDERED_RATE_ID, type PrerenderedRateDto } from '../../../common/catalogue';
import { isDecimalString } from '../../../common/decimal';

let held: PrerenderedRateDto | null = null;

function isPrerenderedRate(value: unknown): value is PrerenderedRateDto {
  if (typeof value !== 'object' || value === null) return false;
  const rate = value as Record<string, unknown>;
  return (
    ['from', 'to', 'fromCurrency', 'toCurrency'].every((field) => typeof rate[field] === 'string') &&
    ['in', 'out', 'reserve'].every((field) => isDecimalString(rate[field]))
  );
}

/** Keeps the page's prerendered rate, if it has one (call before React replaces the first screen). */
export function holdPrerenderedRate(page: Pick<Document, 'getElementById'>): void {
  const text = page.getElementById(PRERENDERED_RATE_ID)?.textContent;
  if (!text) return;
  try {
    const value: unknown = JSON.parse(text);
    held = isPrerenderedRate(value) ? value : null;
  } catch {
    held = null;
  }
}

/**
 * The prerendered rate when it is the rate of the pair the widget is about to show: the stored
 * choice is that pair, or there is none yet (a first visit shows the default pair).
 */
export function prerenderedRateFor(choice: { from: string | null; to: string | null }): PrerenderedRateDto | null {
  if (!held) return null;
  const first = choice.from === null && choice.to === null;
  return first || (choice.from === held.from && choice.to === held.to) ? held : null;
}

/** The live data has arrived: the prerendered rate is never shown again. */
export function forgetPrerenderedRate(): void {
  held = null;
}

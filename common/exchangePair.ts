/**
 * Which pair the exchange widget shows: the browser's widget (frontend/src/exchange) and the
 * server's prerendered home page (backend/seo) ask the same rules, so the rate a phone sees before
 * any JavaScript is the rate of the pair the widget then shows.
 */

export interface Pair {
  from: string;
  to: string;
}

/** The pair shown when nothing else is asked for: coins to Russian bank roubles. */
export const DEFAULT_PAIR: Readonly<Pair> = { from: 'BTC', to: 'SBERRUB' };

/**
 * The asset whose directions the widget loads first: the first asked code the catalogue offers,
 * else the default pair's `from`, else the first asset that sends (null: none).
 */
export function focusAsset(offered: ReadonlySet<string>, senders: readonly string[], asked: ReadonlyArray<string | null | undefined> = []): string | null {
  return (
    asked.find((code): code is string => typeof code === 'string' && offered.has(code)) ??
    (offered.has(DEFAULT_PAIR.from) ? DEFAULT_PAIR.from : (senders[0] ?? null))
  );
}

/**
 * The pair to show for what was asked (a preset, the stored choice, or nothing), among the `known`
 * directions in catalogue order: the asked pair when it is known; else the asked `from` with the
 * best `to` it reaches, or the best `from` reaching the asked `to`; else the default pair, else the
 * first known one. `usable` ranks candidates (offered ones first); null when none is known.
 */
export function resolvePair(known: readonly Pair[], asked: Partial<Pair>, usable: (pair: Pair) => boolean = () => true): Pair | null {
  const keys = new Set(known.map((pair) => `${pair.from}>${pair.to}`));
  const isKnown = (from: string, to: string) => keys.has(`${from}>${to}`);
  const all = known.map(({ from, to }) => ({ from, to }));
  const best = (candidates: Pair[], preferred: Pair[]): Pair | null => {
    const ranked = [...preferred.filter((pair) => isKnown(pair.from, pair.to)), ...candidates];
    return ranked.find(usable) ?? ranked[0] ?? null;
  };
  const { from, to } = asked;
  if (from && to && isKnown(from, to)) return { from, to };
  if (from) {
    const outgoing = all.filter((pair) => pair.from === from);
    if (outgoing.length > 0) return best(outgoing, [{ from, to: DEFAULT_PAIR.to }]);
  }
  if (to) {
    const incoming = all.filter((pair) => pair.to === to);
    if (incoming.length > 0) return best(incoming, [{ from: DEFAULT_PAIR.from, to }]);
  }
  return best(all, [{ ...DEFAULT_PAIR }]);
}

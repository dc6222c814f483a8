/**
 * Pure helpers of `scripts/test.mjs`: reading the counts out of a run's output and writing the
 * summary. The last line of the summary (`N passed, N failed[, N skipped]`) is what CI reads.
 */

const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

export function stripAnsi(text) {
  return text.replace(ANSI, '');
}

function lastCount(text, word) {
  const matches = [...text.matchAll(new RegExp(`^\\s*(\\d+) ${word}\\b`, 'gm'))];
  return matches.length > 0 ? Number(matches[matches.length - 1][1]) : null;
}

/**
 * The counts of mocha's spec reporter epilogue ("12 passing (3s)", "2 failing", "1 pending").
 * Returns null when the output has no epilogue (the run crashed before reporting).
 */
export function parseMochaCounts(output) {
  const text = stripAnsi(output);
  const passed = lastCount(text, 'passing');
  if (passed === null) return null;
  return { passed, failed: lastCount(text, 'failing') ?? 0, skipped: lastCount(text, 'pending') ?? 0 };
}

/** Number of diagnostics in tsc's output ("file.ts(3,5): error TS2322: ..."). */
export function countTscErrors(output) {
  return (stripAnsi(output).match(/error TS\d+:/g) ?? []).length;
}

/**
 * Turns one finished run into its row of the summary.
 * - `kind: 'check'` (type check, build): not a test, so it adds no pass; when its exit code is
 *   not 0 it adds its `errors` (or 1) to the failures.
 * - `kind: 'mocha'`: counts from the epilogue; a non-zero exit with no failing test counted, a
 *   missing epilogue, or zero tests counted while test files exist are each one failure.
 */
export function resultOf(run) {
  if (run.kind === 'check') {
    if (run.exitCode === 0) return { ...base(run), status: 'ok' };
    return { ...base(run), failed: Math.max(run.errors ?? 0, 1), status: 'failed' };
  }
  const counts = parseMochaCounts(run.output);
  if (!counts) return { ...base(run), failed: 1, status: `crashed (exit ${run.exitCode})` };
  const total = counts.passed + counts.failed + counts.skipped;
  if (total === 0) return { ...base(run), failed: 1, status: 'no tests ran' };
  if (run.exitCode !== 0 && counts.failed === 0) {
    return { ...base(run), ...counts, failed: 1, status: `crashed (exit ${run.exitCode})` };
  }
  return { ...base(run), ...counts, status: counts.failed > 0 ? 'failed' : 'ok' };
}

function base(run) {
  return { name: run.name, kind: run.kind, passed: 0, failed: 0, skipped: 0, seconds: run.seconds ?? 0 };
}

export function totalsOf(results) {
  return results.reduce(
    (sum, r) => ({
      passed: sum.passed + r.passed,
      failed: sum.failed + r.failed,
      skipped: sum.skipped + r.skipped,
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
}

/** The line CI reads: `N passed, N failed` plus `, N skipped` when any were skipped. */
export function finalLine(totals) {
  const line = `${totals.passed} passed, ${totals.failed} failed`;
  return totals.skipped > 0 ? `${line}, ${totals.skipped} skipped` : line;
}

/** The summary table followed, alone on the last line, by `finalLine`. */
export function formatSummary(results) {
  const header = ['run', 'passed', 'failed', 'skipped', 'time', 'result'];
  const count = (r, n) => (r.kind === 'check' && n === 0 ? '-' : String(n));
  const rows = results.map((r) => [
    r.name,
    count(r, r.passed),
    String(r.failed),
    count(r, r.skipped),
    `${r.seconds.toFixed(1)}s`,
    r.status,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const format = (row) =>
    row.map((cell, i) => (i === 0 || i === row.length - 1 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ').trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [format(header), rule, ...rows.map(format), rule, finalLine(totalsOf(results))].join('\n');
}

/**
 * A minimal glob matcher for mocha spec patterns (`**`, `*`, `?`), on `/`-separated paths
 * relative to the repository root.
 */
export function globToRegExp(pattern) {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '*' && pattern[i + 1] === '*') {
      const slash = pattern[i + 2] === '/';
      source += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (ch === '*') {
      source += '[^/]*';
    } else if (ch === '?') {
      source += '[^/]';
    } else {
      source += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`);
}

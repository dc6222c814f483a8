/**
 * Pure helpers of `scripts/test.mjs`: selecting a config's spec files, reading a run's counts and
 * writing the summary. The last line of the summary (`N passed, N failed[, N skipped]`) is what CI reads.
 */
import picomatch from 'picomatch';

const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

export function stripAnsi(text) {
  return text.replace(ANSI, '');
}

/**
 * The counts of a mocha run from the stats `scripts/mocha-reporter.cjs` wrote when mocha finished it.
 * Returns null when there is no report (the run crashed before mocha ended it).
 */
export function countsOfReport(report) {
  if (!report) return null;
  try {
    const { stats } = JSON.parse(report);
    return { passed: stats.passes, failed: stats.failures, skipped: stats.pending };
  } catch {
    return null;
  }
}

/**
 * The failed tests and hooks the reporter named (`{title, file, message}`), [] when it named none
 * or wrote no readable report.
 */
export function failuresOfReport(report) {
  if (!report) return [];
  try {
    const { failures } = JSON.parse(report);
    return Array.isArray(failures) ? failures : [];
  } catch {
    return [];
  }
}

/** Number of diagnostics in tsc's output ("file.ts(3,5): error TS2322: ..."). */
export function countTscErrors(output) {
  return (stripAnsi(output).match(/error TS\d+:/g) ?? []).length;
}

/**
 * Turns one finished run into its row of the summary.
 * - `kind: 'check'` (type check, build): not a test, so it adds no pass; when its exit code is
 *   not 0 it adds its `errors` (or 1) to the failures.
 * - `kind: 'mocha'`: counts from its `report`; a non-zero exit with no failing test counted, a
 *   missing report, or zero tests counted while test files exist are each one failure.
 */
export function resultOf(run) {
  if (run.kind === 'check') {
    if (run.exitCode === 0) return { ...base(run), status: 'ok' };
    return { ...base(run), failed: Math.max(run.errors ?? 0, 1), status: 'failed' };
  }
  const counts = countsOfReport(run.report);
  if (!counts) return { ...base(run), failed: 1, status: `crashed (exit ${run.exitCode})` };
  const total = counts.passed + counts.failed + counts.skipped;
  if (total === 0) return { ...base(run), failed: 1, status: 'no tests ran' };
  if (run.exitCode !== 0 && counts.failed === 0) {
    return { ...base(run), ...counts, failed: 1, status: `crashed (exit ${run.exitCode})` };
  }
  return { ...base(run), ...counts, failures: failuresOfReport(run.report), status: counts.failed > 0 ? 'failed' : 'ok' };
}

function base(run) {
  return { name: run.name, kind: run.kind, passed: 0, failed: 0, skipped: 0, failures: [], seconds: run.seconds ?? 0 };
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

/**
 * One line per failed test, `[run] full title (file): message`, so the end of the output (all CI
 * may keep) names what failed; empty when nothing was named.
 */
export function failureLines(results) {
  return results.flatMap((r) =>
    (r.failures ?? []).map((f) => `[${r.name}] ${f.title}${f.file ? ` (${f.file})` : ''}: ${f.message}`),
  );
}

/** The failed tests, then the summary table followed, alone on the last line, by `finalLine`. */
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
  const failed = failureLines(results);
  const named = failed.length > 0 ? ['failed:', ...failed.map((line) => `  ${line}`), ''] : [];
  return [...named, format(header), rule, ...rows.map(format), rule, finalLine(totalsOf(results))].join('\n');
}

/**
 * The spec files a mocha config selects: its `spec` globs minus its `ignore` globs, matched with
 * picomatch on `/`-separated paths relative to the repository root.
 */
export function specFilesOf(config, files) {
  const toList = (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
  const specs = toList(config.spec);
  const ignores = toList(config.ignore);
  if (specs.length === 0) return [];
  const isSpec = picomatch(specs);
  const isIgnored = ignores.length > 0 ? picomatch(ignores) : () => false;
  return files.filter((file) => isSpec(file) && !isIgnored(file));
}

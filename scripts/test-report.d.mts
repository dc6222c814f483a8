/** Types of `scripts/test-report.mjs` (plain JavaScript so `npm test` needs no loader). */

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

export interface FinishedRun {
  name: string;
  kind: 'check' | 'mocha';
  exitCode: number;
  output: string;
  /** tsc diagnostics, for a type-check run. */
  errors?: number;
  /** A mocha run's stats file (scripts/mocha-reporter.cjs), or null when it wrote none. */
  report?: string | null;
  seconds?: number;
}

/** A failed test or hook, as scripts/mocha-reporter.cjs names it. */
export interface NamedFailure {
  title: string;
  file: string | null;
  message: string;
}

export interface RunResult extends Counts {
  name: string;
  failures: NamedFailure[];
  kind: 'check' | 'mocha';
  seconds: number;
  status: string;
}

export function stripAnsi(text: string): string;
export function countsOfReport(report: string | null | undefined): Counts | null;
export function failuresOfReport(report: string | null | undefined): NamedFailure[];
export function failureLines(results: readonly RunResult[]): string[];
export function countTscErrors(output: string): number;
export function resultOf(run: FinishedRun): RunResult;
export function totalsOf(results: readonly RunResult[]): Counts;
export function finalLine(totals: Counts): string;
export function formatSummary(results: readonly RunResult[]): string;
export interface MochaSpecConfig {
  spec?: string | string[];
  ignore?: string | string[];
}
export function specFilesOf(config: MochaSpecConfig, files: readonly string[]): string[];

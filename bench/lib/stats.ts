/** Percentiles, formatting and machine context shared by the benches. */
import { availableParallelism, loadavg } from 'node:os';

export interface Distribution {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function distribution(samples: readonly number[]): Distribution {
  const sorted = Float64Array.from(samples).sort();
  const list = Array.from(sorted);
  return {
    count: list.length,
    p50: percentile(list, 50),
    p95: percentile(list, 95),
    p99: percentile(list, 99),
    max: list.length === 0 ? Number.NaN : list[list.length - 1],
  };
}

export const ms = (value: number): string => `${value.toFixed(1)} ms`;
export const ratio = (value: number): string => `${value.toFixed(2)}x`;
export const percent = (value: number): string => `${(value * 100).toFixed(value === 1 ? 0 : 3)} %`;
export const megabytes = (bytes: number): string => `${(bytes / 1_048_576).toFixed(2)} MB`;
export const kilobytes = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

/** "2 cpus, load 1.23 / 2.34 / 3.45": others may share the machine; figures are read beside it. */
export function machine(): string {
  const [one, five, fifteen] = loadavg();
  return `${availableParallelism()} cpus, load average ${one.toFixed(2)} / ${five.toFixed(2)} / ${fifteen.toFixed(2)}`;
}

/** A plain text table, columns padded to their widest cell. */
export function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd()).join('\n');
}

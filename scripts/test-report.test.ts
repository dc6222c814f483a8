import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { countsOfReport, countTscErrors, failuresOfReport, finalLine, formatSummary, resultOf, specFilesOf } from './test-report.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Stats as scripts/mocha-reporter.cjs writes them (the shape of mocha's JSON reporter `stats`). */
function report(passes: number, failures: number, pending: number): string {
  return JSON.stringify({ stats: { suites: 1, tests: passes + failures + pending, passes, failures, pending, duration: 1 } });
}

const REPORT = report(12, 1, 2);

describe('test report', () => {
  it('reads the counts mocha itself kept, through the reporter test.mjs gives it, with the spec output still printed', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'test-report-'));
    try {
      const output = path.join(dir, 'stats.json');
      const mocha = spawnSync(
        path.join(ROOT, 'node_modules', '.bin', 'mocha'),
        ['--no-config', '--reporter', 'scripts/mocha-reporter.cjs', '--reporter-option', `output=${output}`, 'scripts/fixtures/mocha-sample.cjs'],
        { cwd: ROOT, encoding: 'utf8' },
      );
      expect(mocha.status).to.equal(1);
      expect(mocha.stdout).to.match(/2 passing/).and.to.match(/1 failing/);
      expect(countsOfReport(readFileSync(output, 'utf8'))).to.deep.equal({ passed: 2, failed: 1, skipped: 1 });
      expect(failuresOfReport(readFileSync(output, 'utf8'))).to.deep.equal([
        { title: 'sample fails', file: 'scripts/fixtures/mocha-sample.cjs', message: 'expected failure' },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers null when the run wrote no report or a broken one', () => {
    expect(countsOfReport(null)).to.equal(null);
    expect(countsOfReport('{"stats":')).to.equal(null);
  });

  it('counts tsc diagnostics', () => {
    const output = 'a.ts(1,7): error TS2322: Type x.\nb.ts(2,1): error TS2304: Cannot find name y.\n';
    expect(countTscErrors(output)).to.equal(2);
  });

  it('counts a failed check by its errors', () => {
    const result = resultOf({ name: 'type check', kind: 'check', exitCode: 2, output: '', errors: 3 });
    expect(result).to.include({ passed: 0, failed: 3, status: 'failed' });
  });

  it('counts a failed check without diagnostics as one failure', () => {
    expect(resultOf({ name: 'build', kind: 'check', exitCode: 1, output: '' }).failed).to.equal(1);
  });

  it('adds no pass and no failure for a passed check, which is not a test', () => {
    expect(resultOf({ name: 'build', kind: 'check', exitCode: 0, output: '' })).to.include({ passed: 0, failed: 0, status: 'ok' });
  });

  it('counts a mocha run that crashed before reporting as one failure', () => {
    const result = resultOf({ name: 'unit', kind: 'mocha', exitCode: 1, output: 'SyntaxError\n', report: null });
    expect(result).to.include({ failed: 1, status: 'crashed (exit 1)' });
  });

  it('counts a mocha run with zero tests as one failure', () => {
    const result = resultOf({ name: 'unit', kind: 'mocha', exitCode: 0, output: '', report: report(0, 0, 0) });
    expect(result).to.include({ failed: 1, status: 'no tests ran' });
  });

  it('counts a non-zero exit with no failing test as a crash', () => {
    const result = resultOf({ name: 'unit', kind: 'mocha', exitCode: 7, output: '', report: report(4, 0, 0) });
    expect(result).to.include({ passed: 4, failed: 1, status: 'crashed (exit 7)' });
  });

  it('keeps the counts of a mocha run with failing tests', () => {
    const result = resultOf({ name: 'unit', kind: 'mocha', exitCode: 1, output: '', report: REPORT });
    expect(result).to.include({ passed: 12, failed: 1, skipped: 2, status: 'failed' });
  });

  it('writes the final line without skipped when none were skipped', () => {
    expect(finalLine({ passed: 10, failed: 0, skipped: 0 })).to.equal('10 passed, 0 failed');
  });

  it('writes the final line with skipped when some were skipped', () => {
    expect(finalLine({ passed: 10, failed: 1, skipped: 2 })).to.equal('10 passed, 1 failed, 2 skipped');
  });

  it('ends the summary with the totals of every run alone on the last line', () => {
    const summary = formatSummary([
      resultOf({ name: 'unit', kind: 'mocha', exitCode: 0, output: '', report: report(5, 0, 1) }),
      resultOf({ name: 'e2e', kind: 'mocha', exitCode: 1, output: '', report: report(2, 1, 0) }),
    ]);
    expect(summary.split('\n').at(-1)).to.equal('7 passed, 1 failed, 1 skipped');
  });

  it('names each failed test above the table, the totals still alone on the last line', () => {
    const failures = [{ title: 'orders claims once', file: 'backend/orders/claim.int.test.ts', message: 'expected 409 to equal 200' }];
    const summary = formatSummary([
      resultOf({ name: 'unit', kind: 'mocha', exitCode: 0, output: '', report: report(5, 0, 0) }),
      resultOf({ name: 'integration', kind: 'mocha', exitCode: 1, output: '', report: JSON.stringify({ ...JSON.parse(report(2, 1, 0)), failures }) }),
    ]).split('\n');
    expect(summary.slice(0, 2)).to.deep.equal([
      'failed:',
      '  [integration] orders claims once (backend/orders/claim.int.test.ts): expected 409 to equal 200',
    ]);
    expect(summary.at(-1)).to.equal('7 passed, 1 failed');
    expect(formatSummary([resultOf({ name: 'unit', kind: 'mocha', exitCode: 0, output: '', report: report(5, 0, 0) })])).to.not.include('failed:');
    expect(failuresOfReport('{"stats":')).to.deep.equal([]);
  });

  it('selects a config\'s spec files with ** across folders and * within one, minus its ignores', () => {
    const files = ['backend/a.int.test.ts', 'backend/x/y/b.int.test.ts', 'backend/c.test.ts', 'node_modules/m/d.int.test.ts', 'e.int.test.ts'];
    const config = { spec: ['backend/**/*.int.test.ts', '*.int.test.ts'], ignore: ['node_modules/**'] };
    expect(specFilesOf(config, files)).to.deep.equal(['backend/a.int.test.ts', 'backend/x/y/b.int.test.ts', 'e.int.test.ts']);
  });

  it('keeps a top-level glob to the top level and takes a single spec string', () => {
    expect(specFilesOf({ spec: '*.int.test.ts' }, ['a.int.test.ts', 'backend/a.int.test.ts'])).to.deep.equal(['a.int.test.ts']);
    expect(specFilesOf({ spec: 'backend/**/*.test.ts', ignore: '**/*.int.test.ts' }, ['backend/a.test.ts', 'backend/a.int.test.ts'])).to.deep.equal(['backend/a.test.ts']);
  });

  it('selects the real configs\' files like mocha does (the unit run leaves integration tests out)', () => {
    const unit = JSON.parse(readFileSync(path.join(ROOT, '.mocharc.unit.json'), 'utf8'));
    expect(specFilesOf(unit, ['scripts/test-report.test.ts', 'backend/accounts/sockets.int.test.ts', 'frontend/src/x.test.tsx'])).to.deep.equal(['scripts/test-report.test.ts']);
  });
});

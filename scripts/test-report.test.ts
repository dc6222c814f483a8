import { expect } from 'chai';
import {
  countTscErrors,
  finalLine,
  formatSummary,
  globToRegExp,
  parseMochaCounts,
  resultOf,
} from './test-report.mjs';

const EPILOGUE = '\n  12 passing (3s)\n  2 pending\n  1 failing\n\n  1) a test:\n     Error: boom\n';

describe('test report', () => {
  it('reads passing, failing and pending counts from the spec reporter epilogue', () => {
    expect(parseMochaCounts(EPILOGUE)).to.deep.equal({ passed: 12, failed: 1, skipped: 2 });
  });

  it('reads counts through ANSI colour codes', () => {
    const coloured = '\u001b[92m \u001b[0m\u001b[32m 7 passing\u001b[0m\u001b[90m (40ms)\u001b[0m\n';
    expect(parseMochaCounts(coloured)).to.deep.equal({ passed: 7, failed: 0, skipped: 0 });
  });

  it('takes the last epilogue when a test prints a similar line earlier', () => {
    expect(parseMochaCounts('  99 passing (1s)\n' + EPILOGUE)?.passed).to.equal(12);
  });

  it('does not take a count that is not at the start of a line', () => {
    expect(parseMochaCounts('expected 3 passing to equal 4\n')).to.equal(null);
  });

  it('answers null when the run printed no epilogue', () => {
    expect(parseMochaCounts('Error: Cannot find module ./nope\n')).to.equal(null);
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
    const result = resultOf({ name: 'unit', kind: 'mocha', exitCode: 1, output: 'SyntaxError\n' });
    expect(result).to.include({ failed: 1, status: 'crashed (exit 1)' });
  });

  it('counts a mocha run with zero tests as one failure', () => {
    const result = resultOf({ name: 'unit', kind: 'mocha', exitCode: 0, output: '  0 passing (1ms)\n' });
    expect(result).to.include({ failed: 1, status: 'no tests ran' });
  });

  it('counts a non-zero exit with no failing test as a crash', () => {
    const result = resultOf({ name: 'unit', kind: 'mocha', exitCode: 7, output: '  4 passing (1s)\n' });
    expect(result).to.include({ passed: 4, failed: 1, status: 'crashed (exit 7)' });
  });

  it('keeps the counts of a mocha run with failing tests', () => {
    const result = resultOf({ name: 'unit', kind: 'mocha', exitCode: 1, output: EPILOGUE });
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
      resultOf({ name: 'unit', kind: 'mocha', exitCode: 0, output: '  5 passing\n  1 pending\n' }),
      resultOf({ name: 'e2e', kind: 'mocha', exitCode: 1, output: '  2 passing\n  1 failing\n' }),
    ]);
    expect(summary.split('\n').at(-1)).to.equal('7 passed, 1 failed, 1 skipped');
  });

  it('matches mocha spec globs with ** across folders and * within one', () => {
    const re = globToRegExp('backend/**/*.int.test.ts');
    expect(['backend/a.int.test.ts', 'backend/x/y/a.int.test.ts'].every((f) => re.test(f))).to.equal(true);
    expect(re.test('backend/a.test.ts')).to.equal(false);
  });

  it('keeps a top-level glob to the top level', () => {
    const re = globToRegExp('*.int.test.ts');
    expect(re.test('a.int.test.ts')).to.equal(true);
    expect(re.test('backend/a.int.test.ts')).to.equal(false);
  });
});

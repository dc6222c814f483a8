/**
 * The reporter `scripts/test.mjs` gives mocha: the spec reporter for people, streamed as usual, and
 * at the end of the run mocha's own counts (`runner.stats`, the `stats` object of its JSON reporter)
 * written as JSON to the file named by `--reporter-option output=<file>`. Mocha takes one reporter,
 * and a second reporter on the same runner would record every failure twice. No file means the
 * run ended before mocha finished it (a crash). The file also names each failed test or hook (its
 * full title, file and the first line of its error), so the summary can say which failed: CI often
 * keeps only the end of the output.
 */
const { writeFileSync } = require('node:fs');
const { relative } = require('node:path');
const Mocha = require('mocha');

const { EVENT_RUN_END, EVENT_TEST_FAIL } = Mocha.Runner.constants;

/** The first line of an error's message, at most this long. */
const MESSAGE_CHARS = 200;

class SpecWithStats extends Mocha.reporters.Spec {
  constructor(runner, options = {}) {
    super(runner, options);
    const output = options.reporterOption?.output;
    const failures = [];
    runner.on(EVENT_TEST_FAIL, (test, error) => {
      const message = String(error?.message ?? error ?? '').split('\n')[0].slice(0, MESSAGE_CHARS);
      failures.push({ title: test.fullTitle(), file: test.file ? relative(process.cwd(), test.file) : null, message });
    });
    if (output) runner.once(EVENT_RUN_END, () => writeFileSync(output, JSON.stringify({ stats: this.stats, failures })));
  }
}

module.exports = SpecWithStats;

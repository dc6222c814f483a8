/**
 * The reporter `scripts/test.mjs` gives mocha: the spec reporter for people, streamed as usual, and
 * at the end of the run mocha's own counts (`runner.stats`, the `stats` object of its JSON reporter)
 * written as JSON to the file named by `--reporter-option output=<file>`. Mocha takes one reporter,
 * and a second reporter on the same runner would record every failure twice. No file means the
 * run ended before mocha finished it (a crash).
 */
const { writeFileSync } = require('node:fs');
const Mocha = require('mocha');

const { EVENT_RUN_END } = Mocha.Runner.constants;

class SpecWithStats extends Mocha.reporters.Spec {
  constructor(runner, options = {}) {
    super(runner, options);
    const output = options.reporterOption?.output;
    if (output) runner.once(EVENT_RUN_END, () => writeFileSync(output, JSON.stringify({ stats: this.stats })));
  }
}

module.exports = SpecWithStats;

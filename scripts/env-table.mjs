#!/usr/bin/env node
/**
 * Keeps the configuration table of README.md in sync with `.env.example`, the one list of
 * every variable: `node scripts/env-table.mjs` rewrites the table between the markers,
 * `--check` exits 1 when it is out of date. scripts/readme.test.ts runs the check in `npm test`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const TABLE_START = '<!-- env-table:start (generated from .env.example by scripts/env-table.mjs) -->';
export const TABLE_END = '<!-- env-table:end -->';

/**
 * The variables of a `.env.example`: each `NAME=default` line with the comment lines right above
 * it. A variable that directly follows another without a comment of its own shares that one
 * (a key and its secret); the file's opening comment block, ended by a blank line, is skipped.
 */
export function parseEnvExample(source) {
  const variables = [];
  let comment = [];
  let shared = null;
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    if (line === '') {
      comment = [];
      shared = null;
    } else if (line.startsWith('#')) {
      comment.push(line.replace(/^#\s?/, ''));
      shared = null;
    } else {
      const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
      if (!match) throw new Error(`.env.example: cannot read the line "${raw}"`);
      const description = comment.length > 0 ? comment.join(' ') : (shared ?? '');
      variables.push({ name: match[1], value: match[2], description });
      shared = description;
      comment = [];
    }
  }
  return variables;
}

/** Text safe inside a table cell: pipes escaped, `<DATA_DIR>`-style placeholders not taken for HTML. */
function cell(text) {
  return text.replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The markdown table: variable, value in `.env.example` (its default), what it does. */
export function envTable(variables) {
  const rows = variables.map(
    ({ name, value, description }) => `| \`${name}\` | ${value === '' ? '(unset)' : `\`${value.replace(/\|/g, '\\|')}\``} | ${cell(description)} |`,
  );
  return ['| Variable | Default | What it does |', '| --- | --- | --- |', ...rows].join('\n');
}

/** README text with the table between the markers replaced. */
export function withEnvTable(readme, table) {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start === -1 || end < start) throw new Error(`README.md lacks the markers ${TABLE_START} … ${TABLE_END}`);
  return `${readme.slice(0, start + TABLE_START.length)}\n${table}\n${readme.slice(end)}`;
}

function main() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const readmePath = join(root, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const expected = withEnvTable(readme, envTable(parseEnvExample(readFileSync(join(root, '.env.example'), 'utf8'))));
  if (process.argv.includes('--check')) {
    if (expected !== readme) {
      console.error('README.md configuration table is out of date: run node scripts/env-table.mjs');
      process.exit(1);
    }
    return;
  }
  if (expected !== readme) writeFileSync(readmePath, expected);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();

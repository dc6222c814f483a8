import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIG_VARIABLES } from '../backend/platform/config';
import { envTable, parseEnvExample, withEnvTable } from './env-table.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

describe('README.md', () => {
  const readme = read('README.md');

  it('starts with the two commands: install and start, then test', () => {
    const firstBlock = /^# [^\n]+\n+```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const commands = firstBlock
      .split('\n')
      .map((line) => line.replace(/#.*$/, '').trim())
      .filter(Boolean);
    expect(commands).to.deep.equal(['npm install && npm start', 'npm test']);
  });

  it('has the configuration table of every variable in .env.example, up to date', () => {
    const expected = withEnvTable(readme, envTable(parseEnvExample(read('.env.example'))));
    expect(readme === expected, 'run node scripts/env-table.mjs to regenerate it').to.equal(true);
  });

  it('names only npm scripts that package.json defines (families such as bench:* aside)', () => {
    const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
    const named = [...readme.matchAll(/npm run ([\w:*-]+)/g)].map((m) => m[1]).filter((name) => !name.includes('*'));
    expect(named.filter((name) => !scripts.includes(name))).to.deep.equal([]);
  });
});

describe('docs/ARCHITECTURE.md', () => {
  it('points only to files and folders of the repository that exist', () => {
    const spans = [...read('docs/ARCHITECTURE.md').matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);
    // Paths outside the repository (`../shared/…`) are not part of a clone and are not checked.
    const paths = spans.filter(
      (span) =>
        /^[\w.][\w./-]*$/.test(span) &&
        !span.startsWith('../') &&
        (span.includes('/') || /\.(tsx?|json|mjs|md|yml)$/.test(span)),
    );
    expect(paths).to.not.be.empty;
    expect(paths.filter((p) => !existsSync(path.join(ROOT, p)))).to.deep.equal([]);
  });
});

describe('.env.example', () => {
  it('lists every variable the configuration reads, and no other', () => {
    const listed = parseEnvExample(read('.env.example')).map((v) => v.name);
    expect([...listed].sort()).to.deep.equal([...CONFIG_VARIABLES].sort());
  });
});

describe('env-table', () => {
  it('reads each variable with the comment above it and skips the opening comment block', () => {
    const source = '# About this file.\n\n# HTTP port.\nPORT=3000\n';
    expect(parseEnvExample(source)).to.deep.equal([{ name: 'PORT', value: '3000', description: 'HTTP port.' }]);
  });

  it('gives a variable right after another without its own comment the same comment', () => {
    const source = '# Captcha keys; set both or neither.\nSITE_KEY=\nSECRET=\n';
    expect(parseEnvExample(source).map((v) => v.description)).to.deep.equal([
      'Captcha keys; set both or neither.',
      'Captcha keys; set both or neither.',
    ]);
  });

  it('escapes pipes and angle brackets so the table keeps its columns and placeholders', () => {
    const table = envTable([{ name: 'ROLE', value: '', description: 'all | web, in <DATA_DIR>' }]);
    expect(table.split('\n')[2]).to.equal('| `ROLE` | (unset) | all \\| web, in &lt;DATA_DIR&gt; |');
  });

  it('refuses a line that is neither a comment nor NAME=value', () => {
    expect(() => parseEnvExample('export PORT 3000\n')).to.throw('cannot read');
  });
});

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { LANGS } from '../../common/api';
import { ROUTES } from '../../common/routes';
import { SERVER_NAMESPACES, TEXT_GROUPS } from './locales/textGroups';

/** The namespaces the app shell owns. */
const NAMESPACES = ['common', 'pages', 'error', 'order'] as const;

function load(lang: string, namespace: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../../locales/${lang}/${namespace}.json`, import.meta.url), 'utf8'));
}

function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return [`${prefix}[${value.length}]`, ...value.flatMap((item, i) => keyPaths(item, `${prefix}[${i}]`))];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => keyPaths(item, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

function lookup(tree: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], tree);
}

describe('locale files of the app shell', () => {
  for (const namespace of NAMESPACES) {
    it(`has the same keys in Russian and English in ${namespace}.json`, () => {
      expect(keyPaths(load('en', namespace)).sort()).to.deep.equal(keyPaths(load('ru', namespace)).sort());
    });
  }

  it('gives every route a title and a description in both languages', () => {
    for (const lang of LANGS) {
      const pages = load(lang, 'pages');
      for (const route of ROUTES) {
        expect(lookup(pages, `${route.name}.title`), `${lang} ${route.name}.title`).to.be.a('string').and.not.empty;
        expect(lookup(pages, `${route.name}.description`), `${lang} ${route.name}.description`).to.be.a('string').and.not.empty;
      }
    }
  });

  it('labels every header and footer link in both languages', () => {
    for (const lang of LANGS) {
      const common = load(lang, 'common');
      for (const route of ROUTES.filter((r) => r.nav || r.footer)) {
        expect(lookup(common, `nav.${route.name}`), `${lang} nav.${route.name}`).to.be.a('string').and.not.empty;
      }
    }
  });

  it('has every error page text key of spec §8', () => {
    const keys = ['page_not_found_title', 'page_not_found_text', 'server_title', 'server_text', 'return', 'to_main', 'support'];
    for (const lang of LANGS) {
      const error = load(lang, 'error');
      for (const key of keys) expect(error[key], `${lang} error.${key}`).to.be.a('string').and.not.empty;
    }
  });

  it('shows the spec message for an unknown path', () => {
    expect(load('en', 'error').page_not_found_message).to.equal('Page not found: {{path}}');
    // The Russian site says it in Russian (the 404 page named the path in English on both before).
    expect(load('ru', 'error').page_not_found_message).to.equal('Страница не найдена: {{path}}');
  });

  describe('text groups (locales/textGroups.ts)', () => {
    const srcDir = fileURLToPath(new URL('.', import.meta.url));
    const repoDir = fileURLToPath(new URL('../../', import.meta.url));
    const grouped = Object.values(TEXT_GROUPS).flat() as string[];
    const patterns = (file: string, negated: boolean) =>
      [...readFileSync(file, 'utf8').matchAll(/'(!?)\.\.\/\.\.\/\.\.\/\.\.\/locales\/(\w+)\/(\w+)\.json'/g)]
        .filter((match) => (match[1] === '!') === negated)
        .map((match) => `${match[2]}/${match[3]}`);

    it('are disjoint, hold no namespace only the server speaks, and name files that exist', () => {
      expect(new Set(grouped).size).to.equal(grouped.length);
      for (const namespace of [...grouped, ...SERVER_NAMESPACES]) {
        for (const lang of LANGS) expect(existsSync(join(repoDir, 'locales', lang, `${namespace}.json`)), `${lang}/${namespace}`).to.equal(true);
      }
      expect(grouped.filter((namespace) => (SERVER_NAMESPACES as readonly string[]).includes(namespace))).to.deep.equal([]);
    });

    it("are what each language's chunks load: a group's own files, and the site every other one the browser needs", () => {
      for (const lang of LANGS) {
        const site = join(srcDir, 'locales', 'site', `${lang}.ts`);
        expect(patterns(site, true).sort(), `site/${lang}.ts excludes`).to.deep.equal([...SERVER_NAMESPACES, ...grouped].map((ns) => `${lang}/${ns}`).sort());
        expect(readFileSync(site, 'utf8')).to.include(`'../../../../locales/${lang}/*.json'`);
        for (const [group, namespaces] of Object.entries(TEXT_GROUPS)) {
          const file = join(srcDir, 'locales', group, `${lang}.ts`);
          expect(patterns(file, false).sort(), `${group}/${lang}.ts`).to.deep.equal(namespaces.map((ns) => `${lang}/${ns}`).sort());
          expect(patterns(file, true), `${group}/${lang}.ts`).to.deep.equal([]);
        }
      }
    });

    /** The namespaces a source file asks for: `'ns.key'` strings and `useTranslation('ns')`. */
    const namespacesOf = (source: string, namespaces: readonly string[]): string[] =>
      namespaces.filter((ns) => new RegExp(`(['"\`])${ns}\\.[A-Za-z_]|useTranslation\\((['"\`])${ns}\\2`).test(source));

    /** Relative imports of a file (static and `import()`), resolved to files. */
    const importsOf = (file: string): string[] => {
      const source = readFileSync(file, 'utf8');
      const specifiers = [...source.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((match) => match[1]!);
      return specifiers.flatMap((specifier) => {
        const base = join(dirname(file), specifier);
        const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
          (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile(),
        );
        return found ? [found] : [];
      });
    };

    const pageLoadersFile = join(srcDir, 'router', 'pageLoaders.ts');
    /** Every file `start` reaches, not going through the route table (each page is its own start). */
    const reach = (start: string): Set<string> => {
      const seen = new Set<string>();
      const visit = (file: string): void => {
        if (seen.has(file) || file.includes(`${join(srcDir, 'locales')}`) || /\.test\.tsx?$/.test(file)) return;
        seen.add(file);
        if (file !== pageLoadersFile) for (const next of importsOf(file)) visit(next);
      };
      visit(start);
      return seen;
    };

    it('no browser file asks for a namespace only the server speaks', () => {
      const sources = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          if (statSync(path).isDirectory()) return name === 'testing' || path === join(srcDir, 'locales') ? [] : sources(path);
          return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
        });
      const offending = sources(srcDir).filter((file) => namespacesOf(readFileSync(file, 'utf8'), SERVER_NAMESPACES).length > 0);
      expect(offending).to.deep.equal([]);
    });

    it("every page asks only for texts its route loads, and the app's frame for the site's alone", () => {
      const routes = [...readFileSync(pageLoadersFile, 'utf8').matchAll(/ {2}(\w+): page\(\(\) => import\('([^']+)'\)((?:, '\w+')*)\)/g)].map((match) => ({
        name: match[1]!,
        start: importsOf(pageLoadersFile).find((file) => file.startsWith(join(dirname(pageLoadersFile), match[2]!)))!,
        groups: [...match[3]!.matchAll(/'(\w+)'/g)].map((group) => group[1]!),
      }));
      expect(routes.map((route) => route.name).sort()).to.deep.equal(ROUTES.map((route) => route.name).sort());
      const starts = [{ name: 'the frame (main.tsx)', start: join(srcDir, 'main.tsx'), groups: [] as string[] }, ...routes];
      const offending: string[] = [];
      for (const { name, start, groups } of starts) {
        expect(start, name).to.be.a('string');
        const missing = Object.entries(TEXT_GROUPS).filter(([group]) => !groups.includes(group)).flatMap(([, namespaces]) => namespaces);
        for (const file of reach(start)) {
          for (const namespace of namespacesOf(readFileSync(file, 'utf8'), missing)) offending.push(`${name}: ${file.slice(repoDir.length)} asks for ${namespace}`);
        }
      }
      expect(offending).to.deep.equal([]);
    });
  });
});

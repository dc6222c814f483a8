import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { LANGS } from '../../common/api';
import { ROUTES } from '../../common/routes';

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

  it('keeps the namespaces only the server speaks out of the browser, and no page asks for one of them', () => {
    const srcDir = fileURLToPath(new URL('.', import.meta.url));
    const excluded = Object.fromEntries(
      LANGS.map((lang) => {
        const loader = readFileSync(join(srcDir, 'locales', `${lang}.ts`), 'utf8');
        return [lang, [...loader.matchAll(/'!\.\.\/\.\.\/\.\.\/locales\/(\w+)\/(\w+)\.json'/g)].map((match) => (match[1] === lang ? match[2] : `wrong language: ${match[1]}`))];
      }),
    );
    expect(excluded.en).to.deep.equal(excluded.ru);
    expect(excluded.ru).to.include('mail').and.include('apiDocs');
    for (const namespace of excluded.ru!) expect(existsSync(new URL(`../../locales/ru/${namespace}.json`, import.meta.url)), namespace).to.equal(true);
    const sources = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return name === 'testing' ? [] : sources(path);
        return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !path.includes(`${join(srcDir, 'locales')}`) ? [path] : [];
      });
    const asked = new RegExp(`(['"\`])(${excluded.ru!.join('|')})\\.[A-Za-z_]|useTranslation\\((['"\`])(${excluded.ru!.join('|')})\\3`);
    const offending = sources(srcDir).filter((path) => asked.test(readFileSync(path, 'utf8')));
    expect(offending).to.deep.equal([]);
  });
});

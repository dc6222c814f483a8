import { expect } from 'chai';
import { LANGS } from '../../common/api';
import { PARTNER_API_ERRORS, PARTNER_API_METHODS } from '../../common/partnerApi';
import { createServerI18n, loadLocaleResources } from '../platform/i18n';
import { API_METHODS, type PartnerApiDeps } from './methods/all';
import { PARTNER_METHODS } from './methods';
import { fieldKey, openApiDocument, requestFields } from './openapi';
import type { PartnerMethodDefinition } from './registry';
import { openObjects, validateJson } from './testing/jsonSchema';

// The makers only keep their deps for the handlers, which this test never runs.
const methods = [...PARTNER_METHODS, ...API_METHODS.map((make) => make({} as PartnerApiDeps))] as PartnerMethodDefinition<never>[];
const resources = loadLocaleResources();
const apiDocs = (lang: string) => (resources[lang]!.translation as Record<string, unknown>).apiDocs as Record<string, unknown>;

function lookup(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
}

function keyPaths(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => keyPaths(item, prefix ? `${prefix}.${key}` : key));
  return [prefix];
}

describe('the partner API document: texts in both languages, answers declared (locales/*/apiDocs.json, methods/*.ts)', () => {
  it('declares exactly the contract’s methods', () => {
    expect(methods.map((method) => method.name)).to.have.members([...PARTNER_API_METHODS]);
  });

  for (const lang of LANGS) {
    it(`has a summary of every method, a description of every field and a meaning of every error code in ${lang}`, () => {
      const missing: string[] = [];
      const has = (key: string) => {
        const text = lookup(apiDocs(lang), key.replace(/^apiDocs\./, ''));
        if (typeof text !== 'string' || text.trim() === '') missing.push(key);
      };
      for (const method of methods) {
        has(`methods.${method.name}.summary`);
        for (const field of Object.keys(requestFields(method.schema))) has(fieldKey(method.name, field));
      }
      for (const code of PARTNER_API_ERRORS) has(`errors.${code}`);
      expect(missing).to.deep.equal([]);
    });
  }

  it('has the same keys in Russian and English, and no description of a field a method does not take', () => {
    expect(keyPaths(apiDocs('ru')).sort()).to.deep.equal(keyPaths(apiDocs('en')).sort());
    const described = keyPaths(apiDocs('en')).filter((key) => /^methods\.[^.]+\.fields\./.test(key));
    const taken = methods.flatMap((method) => Object.keys(requestFields(method.schema)).map((field) => fieldKey(method.name, field).replace(/^apiDocs\./, '')));
    expect(described.sort()).to.deep.equal(taken.sort());
  });

  it('builds the document with no untranslated key, Russian texts in Russian', () => {
    const i18n = createServerI18n(resources);
    const en = openApiDocument(methods, 'https://x.example', i18n.translator('en'));
    const ru = openApiDocument(methods, 'https://x.example', i18n.translator('ru'));
    expect(JSON.stringify(en)).to.not.contain('apiDocs.');
    expect(JSON.stringify(ru)).to.not.contain('apiDocs.');
    const summary = (document: Record<string, unknown>) => lookup(document, 'paths./rate.post.summary') as string;
    expect(summary(ru)).to.match(/[а-я]/);
    expect(summary(en)).to.not.match(/[а-я]/);
  });

  for (const method of methods) {
    it(`${method.name}: its example answer matches its answer schema, which is closed at every level`, () => {
      expect(validateJson(method.answer.schema, method.answer.example)).to.deep.equal([]);
      expect(openObjects(method.answer.schema)).to.deep.equal([]);
    });
  }
});

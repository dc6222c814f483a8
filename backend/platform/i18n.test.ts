import { expect } from 'chai';
import { ErrorCode } from '../../common/api';
import { pickLang } from '../../common/api';
import { createServerI18n, loadLocaleResources } from './i18n';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key));
}

describe('server i18n', () => {
  const resources = loadLocaleResources();
  const i18n = createServerI18n(resources);

  it('loads every locale file under its file name as the top-level key', () => {
    expect(i18n.translator('en')('errors.internal_error')).to.equal('Server request error. Please try again later or contact support');
  });

  it('has a message for every error code in Russian and English', () => {
    for (const lang of ['ru', 'en'] as const) {
      const t = i18n.translator(lang);
      for (const code of Object.values(ErrorCode)) {
        expect(t(`errors.${code}`), `${lang} errors.${code}`).not.to.equal(`errors.${code}`);
      }
    }
  });

  it('has the same error keys in both languages', () => {
    const errorsOf = (lang: 'ru' | 'en') => keysOf((resources[lang].translation as Record<string, unknown>).errors).sort();
    expect(errorsOf('ru')).to.deep.equal(errorsOf('en'));
  });

  it('fills {{name}} placeholders from the values', () => {
    expect(i18n.translator('en')('validation.min', { min: 6 })).to.equal('At least 6 characters');
  });

  it('picks the first supported language among the candidates', () => {
    expect(pickLang('de', ' EN ', 'ru')).to.equal('en');
  });

  it('falls back to Russian when no candidate is supported', () => {
    expect(pickLang(undefined, '', 'fr')).to.equal('ru');
  });
});

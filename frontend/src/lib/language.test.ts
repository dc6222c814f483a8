import { expect } from 'chai';
import { applyDocumentLanguage, languageFromCookie, rememberLanguage } from './language';

function clearLangCookie(): void {
  document.cookie = 'lang=; Max-Age=0; Path=/';
}

describe('interface language', () => {
  afterEach(() => {
    clearLangCookie();
    document.documentElement.lang = 'en';
  });

  it('is Russian when no language was chosen', () => {
    clearLangCookie();
    expect(languageFromCookie()).to.equal('ru');
  });

  it('is the language remembered in the lang cookie', () => {
    rememberLanguage('en');
    expect(document.cookie).to.include('lang=en');
    expect(languageFromCookie()).to.equal('en');
  });

  it('ignores a lang cookie naming an unsupported language', () => {
    document.cookie = 'lang=de; Path=/';
    expect(languageFromCookie()).to.equal('ru');
  });

  it('marks the document with the language', () => {
    applyDocumentLanguage('ru');
    expect(document.documentElement.lang).to.equal('ru');
  });
});

import { expect } from 'chai';
import { applyDocumentLanguage, initialLanguage, rememberLanguage } from './language';

function clearLangCookie(): void {
  document.cookie = 'lang=; Max-Age=0; Path=/';
}

describe('interface language', () => {
  afterEach(() => {
    clearLangCookie();
    document.documentElement.removeAttribute('lang');
  });

  it('is Russian when no language was chosen and the page names none', () => {
    clearLangCookie();
    document.documentElement.removeAttribute('lang');
    expect(initialLanguage()).to.equal('ru');
  });

  it('is the language of the rendered page when no language was chosen (the server read Accept-Language)', () => {
    clearLangCookie();
    document.documentElement.lang = 'en';
    expect(initialLanguage()).to.equal('en');
  });

  it('is the language remembered in the lang cookie, whatever the page says', () => {
    rememberLanguage('en');
    document.documentElement.lang = 'ru';
    expect(document.cookie).to.include('lang=en');
    expect(initialLanguage()).to.equal('en');
  });

  it('ignores a lang cookie or a page language naming an unsupported language', () => {
    document.cookie = 'lang=de; Path=/';
    document.documentElement.lang = 'fr';
    expect(initialLanguage()).to.equal('ru');
    document.documentElement.lang = 'EN';
    expect(initialLanguage()).to.equal('en');
  });

  it('marks the document with the language', () => {
    applyDocumentLanguage('ru');
    expect(document.documentElement.lang).to.equal('ru');
  });
});

import { expect } from 'chai';
import type { PagePreloads } from '../../common/api';
import { matchRoute } from '../../common/routes';
import { injectPreloads, parsePreloads, preloadLinks } from './preloads';

const PRELOADS: PagePreloads = {
  routes: {
    order: { scripts: ['/assets/order-A1.js', '/assets/money-B2.js'], styles: ['/assets/order-C3.css'] },
    faq: { scripts: ['/assets/faq-D4.js', '/assets/money-B2.js'], styles: [] },
    userProfile: { scripts: ['/assets/userProfile-E5.js'], styles: [] },
  },
  locales: { ru: { scripts: ['/assets/ru-F6.js'], styles: [] }, en: { scripts: ['/assets/en-G7.js'], styles: [] } },
};

const routeOf = (path: string) => matchRoute(path)?.route;

describe('a page’s preloads (backend/seo/preloads.ts)', () => {
  it('names the language’s texts, then the page’s chunks and style sheets, each once', () => {
    expect(preloadLinks(PRELOADS, routeOf('/order/AB12CD34EF/secret'), 'en').split('\n')).to.deep.equal([
      '<link rel="modulepreload" crossorigin href="/assets/en-G7.js">',
      '<link rel="modulepreload" crossorigin href="/assets/order-A1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/money-B2.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/order-C3.css">',
    ]);
    expect(preloadLinks(PRELOADS, routeOf('/faq'), 'ru')).to.equal(
      '<link rel="modulepreload" crossorigin href="/assets/ru-F6.js">\n<link rel="modulepreload" crossorigin href="/assets/faq-D4.js">\n<link rel="modulepreload" crossorigin href="/assets/money-B2.js">',
    );
  });

  it('names nothing for a page behind sign-in, a path no route matches, or without the build’s file', () => {
    expect(preloadLinks(PRELOADS, routeOf('/user/profile'), 'en')).to.equal('');
    expect(preloadLinks(PRELOADS, routeOf('/no-such-page'), 'en')).to.equal('');
    expect(preloadLinks(null, routeOf('/faq'), 'en')).to.equal('');
  });

  it('still names the texts of a public route the file has no entry for', () => {
    expect(preloadLinks(PRELOADS, routeOf('/reserves'), 'en')).to.equal('<link rel="modulepreload" crossorigin href="/assets/en-G7.js">');
  });

  it('reads only the shape the build writes, with paths under /assets/ and nothing to escape', () => {
    expect(parsePreloads(JSON.stringify(PRELOADS))).to.deep.equal(PRELOADS);
    expect(parsePreloads(null)).to.equal(null);
    expect(parsePreloads('{not json')).to.equal(null);
    expect(parsePreloads('[]')).to.equal(null);
    expect(parsePreloads(JSON.stringify({ routes: {} }))).to.equal(null);
    expect(parsePreloads(JSON.stringify({ routes: { faq: { scripts: ['/assets/a.js'] } }, locales: {} }))).to.equal(null);
    for (const bad of ['https://evil.example/a.js', '/assets/"><script>.js', '/assets/../secret', 'assets/a.js']) {
      expect(parsePreloads(JSON.stringify({ routes: { faq: { scripts: [bad], styles: [] } }, locales: {} })), bad).to.equal(null);
    }
  });

  it('puts the links at the end of the head, and leaves a page without any as it is', () => {
    const html = '<html><head><title>x</title></head><body><div id="root"></div></body></html>';
    expect(injectPreloads(html, '<link rel="modulepreload" crossorigin href="/assets/a.js">')).to.equal(
      '<html><head><title>x</title><link rel="modulepreload" crossorigin href="/assets/a.js">\n</head><body><div id="root"></div></body></html>',
    );
    expect(injectPreloads(html, '')).to.equal(html);
  });
});

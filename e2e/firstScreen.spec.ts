import { expect } from 'chai';
import { LANGS, type PagePreloads } from '../common/api';
import { ROUTES } from '../common/routes';
import { PageProbe } from './probe';
import { baseUrl, DESKTOP, MOBILE, newPage } from './setup';
import { text } from './texts';
import { useServerWithWorker } from './workerServer';

/** A rate line as the widget writes it: "852.25 G0001 = 1 G0002", digits grouped with no-break spaces. */
const RATE_LINE = /^\d[\d\u00a0]*(\.\d+)?\u00a0\S+ = \d[\d\u00a0]*(\.\d+)?\u00a0\S+$/;

describe("the home page's first screen, before any JavaScript (issue 17)", () => {
  const running = useServerWithWorker();
  let origin = '';
  before(async () => {
    origin = running().url;
    // The worker's first rates: until then the frame is drawn without a rate.
    while ((await fetch(`${origin}/api/rates/BTC/SBERRUB`)).status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
  });

  for (const [viewport, lang] of [
    [MOBILE, 'ru'],
    [DESKTOP, 'en'],
  ] as const) {
    it(`shows the exchange widget's frame with a live rate at ${viewport.width} px in ${lang}, styled and within the width`, async () => {
      const { page } = await newPage({ viewport, lang, javaScript: false });
      await page.goto(`${origin}/`);
      const line = page.getByTestId('exchange-rate-preview');
      await line.waitFor({ state: 'visible' });
      expect(await line.textContent()).to.match(RATE_LINE);
      const widget = page.locator('.exchange-widget');
      expect(await widget.locator('h2').textContent()).to.equal(text(lang, 'exchange.title'));
      // The entry stylesheet draws it (frame.css): a rounded card, not bare text.
      expect(await widget.evaluate((element) => getComputedStyle(element).borderTopLeftRadius)).to.not.equal('0px');
      const box = (await widget.boundingBox())!;
      expect(box.x).to.be.at.least(0);
      expect(box.x + box.width).to.be.at.most(viewport.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(viewport.width);
      // Above the fold on a phone too: the rate is what the visitor came for.
      expect((await line.boundingBox())!.y).to.be.below(viewport.height);
    });
  }

  it('hands over to the live widget: the prerendered line goes, the widget shows its own rate', async () => {
    const { page } = await newPage({ viewport: MOBILE, lang: 'en' });
    const probe = new PageProbe(origin);
    probe.attach(page);
    await page.goto(`${origin}/`);
    await page.getByTestId('exchange-widget').getByTestId('exchange-rate').waitFor({ state: 'visible' });
    expect(await page.getByTestId('exchange-rate-preview').count()).to.equal(0);
    expect(await page.getByTestId('exchange-rate').textContent()).to.match(RATE_LINE);
    probe.expectNoProblems();
  });
});

describe("a public page's first load fetches what it needs beside the entry (issue 17)", () => {
  it('the build names only files it wrote, for every route and both languages', async () => {
    const answer = await fetch(`${baseUrl()}/builds/preloads.json`);
    expect(answer.status).to.equal(200);
    const preloads = (await answer.json()) as PagePreloads;
    expect(Object.keys(preloads.routes)).to.have.members(ROUTES.map((route) => route.name));
    expect(Object.keys(preloads.locales)).to.have.members([...LANGS]);
    const files = new Set([...Object.values(preloads.routes), ...Object.values(preloads.locales)].flatMap((item) => [...item.scripts, ...item.styles]));
    for (const file of files) expect((await fetch(`${baseUrl()}${file}`, { method: 'HEAD' })).status, file).to.equal(200);
  });

  for (const [pathname, lang] of [
    ['/faq', 'en'],
    ['/reserves', 'ru'],
  ] as const) {
    it(`names ${pathname}'s chunks and the ${lang} texts in its HTML, and the browser fetches each file once`, async () => {
      const html = await (await fetch(`${baseUrl()}${pathname}`, { headers: { cookie: `lang=${lang}` } })).text();
      const named = [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="(\/assets\/[^"]+)">/g)].map((match) => match[1]);
      // The language's texts and the page's own module are among them.
      expect(named.some((href) => new RegExp(`^/assets/${lang}-[\\w-]+\\.js$`).test(href)), named.join(' ')).to.equal(true);
      expect(named.some((href) => href.startsWith(`/assets/${pathname.slice(1)}-`)), named.join(' ')).to.equal(true);

      const { page, probe } = await newPage({ viewport: MOBILE, lang });
      const fetched: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/assets/')) fetched.push(url.pathname);
      });
      await page.goto(`${baseUrl()}${pathname}`);
      // React's own page, not the server's first screen: the prerendered frame is gone.
      await page.locator('.app--prerendered').waitFor({ state: 'detached' });
      await page.waitForLoadState('networkidle');
      for (const href of named) expect(fetched, href).to.include(href);
      // A preload the page's own import did not match would be fetched a second time.
      const twice = fetched.filter((href, index) => fetched.indexOf(href) !== index);
      expect(twice, 'fetched twice').to.deep.equal([]);
      probe.expectNoProblems();
    });
  }
});

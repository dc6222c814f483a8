import { expect } from 'chai';
import { LANGS, type Lang } from '../common/api';
import { ROUTES, pathFor, routeByName, type RouteDef } from '../common/routes';
import { expectDocumentTitle, expectLocation, headingText } from './expectations';
import { newPage } from './setup';
import { documentTitle, hasText, text } from './texts';
import { SEED_BLOG_POSTS } from '../db/seeders/blog-posts';

/** Sample values for the route params (`/auth/:token`, `/blog/:id`, `/order/:uid/:secret`). */
const SAMPLE_PARAMS: Record<string, string> = {
  token: 'sample-token',
  // A post seeded at start (db/seeders/blog-posts.ts): its page titles itself with the post's title.
  id: SEED_BLOG_POSTS[0]!.slug,
  uid: 'sample-uid',
  secret: 'sample-secret',
  // A pair the seeded catalogue offers (db/seeders): the landing page renders it, not the 404 page.
  from: 'BTC',
  to: 'SBERRUB',
  // A console section (frontend/src/pages/operator/sections.ts).
  section: 'orders',
};

function samplePath(route: RouteDef): string {
  const params = route.path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));
  for (const param of params) {
    if (!SAMPLE_PARAMS[param]) throw new Error(`No sample value for :${param} of ${route.path}`);
  }
  return pathFor(route.name, SAMPLE_PARAMS);
}

/** The sample pair's asset names (catalogue `name` / `nameRu`). */
const SAMPLE_PAIR_NAMES: Record<Lang, { fromName: string; toName: string }> = {
  ru: { fromName: 'Bitcoin', toName: 'Сбербанк' },
  en: { fromName: 'Bitcoin', toName: 'Sberbank' },
};

/** A page with params titles itself with them (`pages.<name>.titleWithId`) when it has such a text. */
function pageTitle(lang: Lang, route: RouteDef): string {
  // A pair's page is titled with the assets' names: the `seo.pair` text the server renders too.
  if (route.name === 'pairLanding') return text(lang, 'seo.pair.title', SAMPLE_PAIR_NAMES[lang]);
  if (route.name === 'blogPost') return SEED_BLOG_POSTS[0]![lang].title;
  const withParams = `pages.${route.name}.titleWithId`;
  const hasParams = route.path.includes('/:');
  return hasParams && hasText(lang, withParams) ? text(lang, withParams, SAMPLE_PARAMS) : text(lang, `pages.${route.name}.title`);
}

/** Russian is the default (no cookie); English is chosen by the cookie. */
function pageFor(lang: Lang) {
  return newPage(lang === 'ru' ? {} : { lang });
}

for (const lang of LANGS) {
  describe(`every route in ${lang === 'ru' ? 'Russian' : 'English'}`, () => {
    // /auth/:token activates the account behind the emailed link; a made-up token is refused and the
    // page goes on to the activation error screen (its own test below).
    // /order/:uid/:secret of an order that does not exist is the 404 page (its own test below).
    for (const route of ROUTES.filter((r) => r.access === 'public' && r.name !== 'auth' && r.name !== 'order')) {
      const path = samplePath(route);

      it(`renders ${path} with its title and no errors`, async () => {
        const { page, probe } = await pageFor(lang);
        const response = await page.goto(path);
        expect(response?.status(), 'HTTP status').to.equal(200);
        await expectDocumentTitle(page, documentTitle(lang, pageTitle(lang, route)));
        expect(await headingText(page)).to.not.equal('');
        probe.expectNoProblems();
      });
    }

    it('sends /auth/<unknown token> to the activation error page with its message', async () => {
      const { page, probe } = await pageFor(lang);
      await page.goto(samplePath(routeByName('auth')));
      await expectLocation(page, '/error/confirm/account');
      await expectDocumentTitle(page, documentTitle(lang, text(lang, 'pages.confirmError.title')));
      probe.expectNoProblems(['POST /api/user/auth/activate → 400']);
    });

    it('shows the 404 page for an order that does not exist or a wrong secret, without the secret', async () => {
      const { page, probe } = await pageFor(lang);
      const path = samplePath(routeByName('order'));
      const response = await page.goto(path);
      expect(response?.status(), 'HTTP status').to.equal(200);
      await expectDocumentTitle(page, documentTitle(lang, text(lang, 'error.page_not_found_title')));
      expect(await page.getByTestId('not-found-message').textContent()).to.equal(
        text(lang, 'error.page_not_found_message', { path: `/order/${SAMPLE_PARAMS.uid}` }),
      );
      expect(await page.locator('body').textContent()).not.to.contain(SAMPLE_PARAMS.secret);
      probe.expectNoProblems([`GET /api/orders/${SAMPLE_PARAMS.uid}/${SAMPLE_PARAMS.secret} → 404`]);
    });

    for (const route of ROUTES.filter((r) => r.access !== 'public')) {
      const path = samplePath(route);

      it(`sends a signed-out visitor of ${path} to /login?next=${path}`, async () => {
        const { page, probe } = await pageFor(lang);
        await page.goto(path);
        await expectLocation(page, `/login?next=${encodeURIComponent(path)}`);
        await expectDocumentTitle(page, documentTitle(lang, text(lang, 'pages.login.title')));
        probe.expectNoProblems();
      });
    }
  });
}

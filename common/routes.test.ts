import { expect } from 'chai';
import { matchRoute, normalizeLocation, pathFor, requiresSignIn, ROUTES } from './routes';

describe('navigation rules (spec §2)', () => {
  it('drops the /ru and /en prefixes', () => {
    expect(normalizeLocation('/ru/faq')).to.equal('/faq');
    expect(normalizeLocation('/en/faq', '?a=1')).to.equal('/faq?a=1');
    expect(normalizeLocation('/en')).to.equal('/');
    expect(normalizeLocation('/ru/')).to.equal('/');
  });

  it('does not treat a path that merely starts with the letters ru as a prefix', () => {
    expect(normalizeLocation('/rules')).to.equal(null);
    expect(normalizeLocation('/entry')).to.equal(null);
  });

  it('turns /reset-password/<token> into /?resetToken=<token>', () => {
    expect(normalizeLocation('/reset-password/abc123')).to.equal('/?resetToken=abc123');
    expect(normalizeLocation('/en/reset-password/abc123/')).to.equal('/?resetToken=abc123');
  });

  it('keeps other query parameters beside the reset token', () => {
    expect(normalizeLocation('/reset-password/t0k', '?r=partner')).to.equal('/?r=partner&resetToken=t0k');
  });

  it('leaves /reset-password itself alone (it is a page)', () => {
    expect(normalizeLocation('/reset-password')).to.equal(null);
  });

  it('removes a trailing slash and keeps the query', () => {
    expect(normalizeLocation('/faq/')).to.equal('/faq');
    expect(normalizeLocation('/blog/12///', '?x=1')).to.equal('/blog/12?x=1');
  });

  it('sends /index.php and /index.html to /', () => {
    expect(normalizeLocation('/index.php')).to.equal('/');
    expect(normalizeLocation('/index.html', '?from=BTC')).to.equal('/?from=BTC');
    expect(normalizeLocation('/en/index.html')).to.equal('/');
  });

  it('answers null for a canonical location', () => {
    expect(normalizeLocation('/')).to.equal(null);
    expect(normalizeLocation('/faq', '?from=BTC&to=SBERRUB')).to.equal(null);
    expect(normalizeLocation('/order/u1/s1')).to.equal(null);
  });

  it('never produces a protocol-relative location from slashes or backslashes', () => {
    for (const raw of ['//evil.example', '//evil.example/', '/\\evil.example/', '/\\/evil.example', '/ru//evil.example']) {
      const target = normalizeLocation(raw) ?? raw;
      expect(target, raw).to.match(/^\/(?![/\\])/);
    }
  });
});

describe('route table', () => {
  it('matches every spec route and extracts params', () => {
    expect(matchRoute('/order/AB12/s3cr3t')).to.deep.include({ params: { uid: 'AB12', secret: 's3cr3t' } });
    expect(matchRoute('/blog/7')?.route.name).to.equal('blogPost');
    expect(matchRoute('/reviews/all-reviews')?.route.name).to.equal('allReviews');
    expect(matchRoute('/auth/tok')?.params).to.deep.equal({ token: 'tok' });
  });

  it('answers null for an unknown path', () => {
    expect(matchRoute('/no/such/page')).to.equal(null);
    expect(matchRoute('/order/only-uid')).to.equal(null);
  });

  it('builds paths from names and params', () => {
    expect(pathFor('order', { uid: 'a b', secret: 'x' })).to.equal('/order/a%20b/x');
    expect(pathFor('home')).to.equal('/');
  });

  it('requires sign-in for the user area, enable-otp and withdraw only', () => {
    expect(requiresSignIn('/user/profile')).to.equal(true);
    expect(requiresSignIn('/user/unknown-section')).to.equal(true);
    expect(requiresSignIn('/user-actions/enable-otp')).to.equal(true);
    expect(requiresSignIn('/user-actions/withdraw')).to.equal(true);
    expect(requiresSignIn('/user-actions/disable-otp')).to.equal(false);
    expect(requiresSignIn('/faq')).to.equal(false);
  });

  it('has unique names and paths', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).to.equal(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).to.equal(ROUTES.length);
  });
});

import { expect } from 'chai';
import { exposeWindowEvents } from '../testing/browserGlobals';
import { canonicalHref, loginPathFor, navigate, safeNextPath } from './navigation';

function here(): string {
  return window.location.pathname + window.location.search + window.location.hash;
}

describe('navigation', () => {
  before(exposeWindowEvents);

  afterEach(() => window.history.replaceState(null, '', '/'));

  describe('navigate', () => {
    it('drops the /en/ prefix before navigating', () => {
      navigate('/en/faq');
      expect(here()).to.equal('/faq');
    });

    it('drops the /ru/ prefix before navigating', () => {
      navigate('/ru/reserves');
      expect(here()).to.equal('/reserves');
    });

    it('sends /reset-password/<token> home with the resetToken query', () => {
      navigate('/reset-password/abc');
      expect(here()).to.equal('/?resetToken=abc');
    });

    it('removes a trailing slash and keeps the query and hash', () => {
      navigate('/faq/?q=1#fees');
      expect(here()).to.equal('/faq?q=1#fees');
    });

    it('sends /index.html and /index.php home', () => {
      navigate('/index.html');
      expect(here()).to.equal('/');
      navigate('/faq');
      navigate('/index.php');
      expect(here()).to.equal('/');
    });

    it('replaces the history entry when asked to', () => {
      navigate('/faq');
      const length = window.history.length;
      navigate('/blog', { replace: true });
      expect([here(), window.history.length]).to.deep.equal(['/blog', length]);
    });
  });

  describe('canonicalHref', () => {
    it('leaves a canonical URL unchanged', () => {
      expect(canonicalHref(new URL('http://localhost:3000/blog/12?page=2#top'))).to.equal('/blog/12?page=2#top');
    });
  });

  describe('safeNextPath', () => {
    it('accepts a same-site path with its query', () => {
      expect(safeNextPath('/user/profile?tab=security')).to.equal('/user/profile?tab=security');
    });

    it('rejects addresses that lead to another site', () => {
      for (const next of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', 'user/profile']) {
        expect(safeNextPath(next), next).to.equal(null);
      }
    });

    it('rejects an empty or missing value', () => {
      expect([safeNextPath(''), safeNextPath(null), safeNextPath(undefined)]).to.deep.equal([null, null, null]);
    });
  });

  it('builds the sign-in path that leads back to the page', () => {
    expect(loginPathFor('/user/api?x=1')).to.equal('/login?next=%2Fuser%2Fapi%3Fx%3D1');
  });
});

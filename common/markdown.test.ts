import { expect } from 'chai';
import { markdownText, renderMarkdown } from './markdown';

describe('renderMarkdown (staff-written content)', () => {
  it('renders Markdown', () => {
    expect(renderMarkdown('# Title\n\nSome **bold** text.')).to.equal('<h1>Title</h1>\n<p>Some <strong>bold</strong> text.</p>\n');
  });

  it('shows raw HTML as text', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>');
    expect(html).not.to.contain('<script');
    expect(html).not.to.contain('<img');
    expect(html).to.contain('&lt;script&gt;');
  });

  it('marks links with rel and opens other sites in a new tab', () => {
    expect(renderMarkdown('[site](https://example.com)')).to.equal(
      '<p><a href="https://example.com" rel="nofollow noopener noreferrer" target="_blank">site</a></p>\n',
    );
    expect(renderMarkdown('[faq](/faq)')).to.equal('<p><a href="/faq" rel="nofollow noopener noreferrer">faq</a></p>\n');
  });

  it('refuses dangerous link schemes', () => {
    for (const href of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'vbscript:x', 'data:text/html,x', 'file:///etc/passwd', 'ftp://example.com/x']) {
      expect(renderMarkdown(`[x](${href})`), href).not.to.contain('<a ');
    }
  });

  it('gives the plain text for descriptions', () => {
    expect(markdownText('# Fees & limits\n\nWe **never** add <hidden> fees.')).to.equal('Fees & limits We never add <hidden> fees.');
    expect(markdownText('word '.repeat(100), 20)).to.have.length.at.most(20);
  });
});

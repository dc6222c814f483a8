/**
 * Staff-written Markdown (blog posts, content pages) rendered to HTML, the one place that does it:
 * markdown-it with raw HTML off (a `<script>` in the source is text), links limited to http(s),
 * mailto, tel, site paths and anchors (markdown-it's own validateLink refuses javascript:, vbscript:,
 * file: and data: other than images), every link marked `rel="nofollow noopener noreferrer"`, and a
 * link to another site opened in a new tab. Used by the server (prerendered pages, previews) and the
 * SPA (which sets the result as inner HTML — safe because of the rules above).
 */
import markdownit from 'markdown-it';

type Renderer = ReturnType<typeof markdownit>;

const SAFE_HREF = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

function createRenderer(): Renderer {
  const md = markdownit({ html: false, linkify: true, typographer: true, breaks: false });
  const defaultValidate = md.validateLink.bind(md);
  md.validateLink = (url: string) => defaultValidate(url) && (SAFE_HREF.test(url.trim()) || !/^[a-z][a-z0-9+.-]*:/i.test(url.trim()));
  md.renderer.rules.link_open = (tokens, index, options, _env, self) => {
    const token = tokens[index]!;
    const href = String(token.attrGet('href') ?? '');
    token.attrSet('rel', 'nofollow noopener noreferrer');
    if (/^https?:\/\//i.test(href)) token.attrSet('target', '_blank');
    return self.renderToken(tokens, index, options);
  };
  return md;
}

let renderer: Renderer | undefined;

/** The HTML of `source` (Markdown; raw HTML is shown as text). */
export function renderMarkdown(source: string): string {
  renderer ??= createRenderer();
  return renderer.render(source);
}

/** The plain text of `source` (for descriptions and search engines), whitespace collapsed, cut at `max` characters. */
export function markdownText(source: string, max = 300): string {
  renderer ??= createRenderer();
  const html = renderer.render(source);
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

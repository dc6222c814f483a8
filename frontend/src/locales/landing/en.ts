/** A pair landing page's texts in en (textGroups.ts, group `landing`): one chunk, loaded with the page. */
export default import.meta.glob<Record<string, unknown>>(['../../../../locales/en/seo.json'], { eager: true, import: 'default' });

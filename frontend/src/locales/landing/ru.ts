/** A pair landing page's texts in ru (textGroups.ts, group `landing`): one chunk, loaded with the page. */
export default import.meta.glob<Record<string, unknown>>(['../../../../locales/ru/seo.json'], { eager: true, import: 'default' });

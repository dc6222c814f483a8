/** The reading pages' texts in ru (textGroups.ts, group `content`): one chunk, loaded with their pages. */
export default import.meta.glob<Record<string, unknown>>(
  [
    '../../../../locales/ru/blog.json',
    '../../../../locales/ru/contacts.json',
    '../../../../locales/ru/contentPages.json',
    '../../../../locales/ru/customerReviews.json',
  ],
  { eager: true, import: 'default' },
);

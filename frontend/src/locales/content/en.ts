/** The reading pages' texts in en (textGroups.ts, group `content`): one chunk, loaded with their pages. */
export default import.meta.glob<Record<string, unknown>>(
  [
    '../../../../locales/en/blog.json',
    '../../../../locales/en/contacts.json',
    '../../../../locales/en/contentPages.json',
    '../../../../locales/en/customerReviews.json',
  ],
  { eager: true, import: 'default' },
);

/** The console's texts in en (textGroups.ts, group `staff`): one chunk, loaded with the console. */
export default import.meta.glob<Record<string, unknown>>(
  [
    '../../../../locales/en/auditLog.json',
    '../../../../locales/en/blacklist.json',
    '../../../../locales/en/boardUi.json',
    '../../../../locales/en/catalogueAdmin.json',
    '../../../../locales/en/console.json',
    '../../../../locales/en/paymentsAdmin.json',
    '../../../../locales/en/reviews.json',
    '../../../../locales/en/usersAdmin.json',
    '../../../../locales/en/withdrawalsAdmin.json',
  ],
  { eager: true, import: 'default' },
);

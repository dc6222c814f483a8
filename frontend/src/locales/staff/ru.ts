/** The console's texts in ru (textGroups.ts, group `staff`): one chunk, loaded with the console. */
export default import.meta.glob<Record<string, unknown>>(
  [
    '../../../../locales/ru/auditLog.json',
    '../../../../locales/ru/blacklist.json',
    '../../../../locales/ru/boardUi.json',
    '../../../../locales/ru/catalogueAdmin.json',
    '../../../../locales/ru/console.json',
    '../../../../locales/ru/paymentsAdmin.json',
    '../../../../locales/ru/reviews.json',
    '../../../../locales/ru/usersAdmin.json',
    '../../../../locales/ru/withdrawalsAdmin.json',
  ],
  { eager: true, import: 'default' },
);

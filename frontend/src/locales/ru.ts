/**
 * Every `locales/ru/<namespace>.json` the browser uses, the file name being the key: one chunk,
 * loaded only for ru. The namespaces only the server speaks (mails, alerts, the API's own texts)
 * stay out (`!` patterns; localeFiles.test.ts holds the list and checks no page asks for them).
 */
export default import.meta.glob<Record<string, unknown>>(
  [
    '../../../locales/ru/*.json',
    '!../../../locales/ru/accounts.json',
    '!../../../locales/ru/alerts.json',
    '!../../../locales/ru/apiDocs.json',
    '!../../../locales/ru/board.json',
    '!../../../locales/ru/ledger.json',
    '!../../../locales/ru/mail.json',
    '!../../../locales/ru/partnerApi.json',
    '!../../../locales/ru/rates.json',
    '!../../../locales/ru/referral.json',
    '!../../../locales/ru/security.json',
  ],
  { eager: true, import: 'default' },
);

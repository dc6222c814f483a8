/**
 * Every `locales/en/<namespace>.json` the browser uses, the file name being the key: one chunk,
 * loaded only for en. The namespaces only the server speaks (mails, alerts, the API's own texts)
 * stay out (`!` patterns; localeFiles.test.ts holds the list and checks no page asks for them).
 */
export default import.meta.glob<Record<string, unknown>>(
  [
    '../../../locales/en/*.json',
    '!../../../locales/en/accounts.json',
    '!../../../locales/en/alerts.json',
    '!../../../locales/en/apiDocs.json',
    '!../../../locales/en/board.json',
    '!../../../locales/en/ledger.json',
    '!../../../locales/en/mail.json',
    '!../../../locales/en/partnerApi.json',
    '!../../../locales/en/rates.json',
    '!../../../locales/en/referral.json',
    '!../../../locales/en/security.json',
  ],
  { eager: true, import: 'default' },
);

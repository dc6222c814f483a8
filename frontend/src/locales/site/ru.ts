/**
 * Every `locales/ru/<namespace>.json` the public site uses, the file name being the key: one chunk,
 * loaded only for ru, before the first render. Left out (`!` patterns, textGroups.ts names them and
 * localeFiles.test.ts checks both lists agree): the namespaces only the server speaks (mails, alerts,
 * the API's own texts), and the groups that come with their pages (the user area, the reading
 * pages, a pair's landing page, the console).
 */
export default import.meta.glob<Record<string, unknown>>(
  [
    '../../../../locales/ru/*.json',
    // Only the server speaks these.
    '!../../../../locales/ru/accounts.json',
    '!../../../../locales/ru/alerts.json',
    '!../../../../locales/ru/apiDocs.json',
    '!../../../../locales/ru/board.json',
    '!../../../../locales/ru/ledger.json',
    '!../../../../locales/ru/mail.json',
    '!../../../../locales/ru/partnerApi.json',
    '!../../../../locales/ru/rates.json',
    '!../../../../locales/ru/referral.json',
    '!../../../../locales/ru/security.json',
    // The user area's (./account/ru.ts).
    '!../../../../locales/ru/apiKeys.json',
    '!../../../../locales/ru/exchanges.json',
    '!../../../../locales/ru/kyc.json',
    '!../../../../locales/ru/partner.json',
    '!../../../../locales/ru/requisites.json',
    // The reading pages' (./content/ru.ts).
    '!../../../../locales/ru/blog.json',
    '!../../../../locales/ru/contacts.json',
    '!../../../../locales/ru/contentPages.json',
    '!../../../../locales/ru/customerReviews.json',
    // A pair landing page's (./landing/ru.ts).
    '!../../../../locales/ru/seo.json',
    // The console's (./staff/ru.ts).
    '!../../../../locales/ru/auditLog.json',
    '!../../../../locales/ru/blacklist.json',
    '!../../../../locales/ru/boardUi.json',
    '!../../../../locales/ru/catalogueAdmin.json',
    '!../../../../locales/ru/console.json',
    '!../../../../locales/ru/paymentsAdmin.json',
    '!../../../../locales/ru/reviews.json',
    '!../../../../locales/ru/usersAdmin.json',
    '!../../../../locales/ru/withdrawalsAdmin.json',
  ],
  { eager: true, import: 'default' },
);

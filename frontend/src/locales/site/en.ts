/**
 * Every `locales/en/<namespace>.json` the public site uses, the file name being the key: one chunk,
 * loaded only for en, before the first render. Left out (`!` patterns, textGroups.ts names them and
 * localeFiles.test.ts checks both lists agree): the namespaces only the server speaks (mails, alerts,
 * the API's own texts), and the groups that come with their pages (the user area, the reading
 * pages, a pair's landing page, the console).
 */
export default import.meta.glob<Record<string, unknown>>(
  [
    '../../../../locales/en/*.json',
    // Only the server speaks these.
    '!../../../../locales/en/accounts.json',
    '!../../../../locales/en/alerts.json',
    '!../../../../locales/en/apiDocs.json',
    '!../../../../locales/en/board.json',
    '!../../../../locales/en/ledger.json',
    '!../../../../locales/en/mail.json',
    '!../../../../locales/en/partnerApi.json',
    '!../../../../locales/en/rates.json',
    '!../../../../locales/en/referral.json',
    '!../../../../locales/en/security.json',
    // The user area's (./account/en.ts).
    '!../../../../locales/en/apiKeys.json',
    '!../../../../locales/en/exchanges.json',
    '!../../../../locales/en/kyc.json',
    '!../../../../locales/en/partner.json',
    '!../../../../locales/en/requisites.json',
    // The reading pages' (./content/en.ts).
    '!../../../../locales/en/blog.json',
    '!../../../../locales/en/contacts.json',
    '!../../../../locales/en/contentPages.json',
    '!../../../../locales/en/customerReviews.json',
    // A pair landing page's (./landing/en.ts).
    '!../../../../locales/en/seo.json',
    // The console's (./staff/en.ts).
    '!../../../../locales/en/auditLog.json',
    '!../../../../locales/en/blacklist.json',
    '!../../../../locales/en/boardUi.json',
    '!../../../../locales/en/catalogueAdmin.json',
    '!../../../../locales/en/console.json',
    '!../../../../locales/en/paymentsAdmin.json',
    '!../../../../locales/en/reviews.json',
    '!../../../../locales/en/usersAdmin.json',
    '!../../../../locales/en/withdrawalsAdmin.json',
  ],
  { eager: true, import: 'default' },
);

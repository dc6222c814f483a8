/** The user area's texts in en (textGroups.ts, group `account`): one chunk, loaded with its pages. */
export default import.meta.glob<Record<string, unknown>>(
  [
    '../../../../locales/en/apiKeys.json',
    '../../../../locales/en/exchanges.json',
    '../../../../locales/en/kyc.json',
    '../../../../locales/en/partner.json',
    '../../../../locales/en/requisites.json',
  ],
  { eager: true, import: 'default' },
);

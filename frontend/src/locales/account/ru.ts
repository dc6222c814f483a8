/** The user area's texts in ru (textGroups.ts, group `account`): one chunk, loaded with its pages. */
export default import.meta.glob<Record<string, unknown>>(
  [
    '../../../../locales/ru/apiKeys.json',
    '../../../../locales/ru/exchanges.json',
    '../../../../locales/ru/kyc.json',
    '../../../../locales/ru/partner.json',
    '../../../../locales/ru/requisites.json',
  ],
  { eager: true, import: 'default' },
);

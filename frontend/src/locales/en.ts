/** Every `locales/en/<namespace>.json`, the file name being the key: one chunk, loaded only for en. */
export default import.meta.glob<Record<string, unknown>>('../../../locales/en/*.json', { eager: true, import: 'default' });

/** Every `locales/ru/<namespace>.json`, the file name being the key: one chunk, loaded only for ru. */
export default import.meta.glob<Record<string, unknown>>('../../../locales/ru/*.json', { eager: true, import: 'default' });

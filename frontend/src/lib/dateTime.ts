/** A moment as the pages show it to a person: the short date and the time with seconds, in `lang`'s form. */
export function formatDateTime(iso: string, lang: string): string {
  return new Date(iso).toLocaleString(lang, { dateStyle: 'short', timeStyle: 'medium' });
}

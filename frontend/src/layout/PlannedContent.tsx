import { useTranslation } from 'react-i18next';
import { isString, useTranslatedList } from '../lib/useTranslatedList';

interface Props {
  /** Route name: the list is `pages.<name>.planned` (an array of sentences). */
  name: string;
}

/** What this screen will hold once its feature ships, said plainly. */
export function PlannedContent({ name }: Props) {
  const { t } = useTranslation();
  const items = useTranslatedList(`pages.${name}.planned`, isString);
  if (items.length === 0) return null;
  return (
    <section className="planned" aria-labelledby={`planned-${name}`}>
      <h2 id={`planned-${name}`} className="planned__title">
        {t('common.planned.title')}
      </h2>
      <ul className="planned__list">
        {items.map((item) => (
          <li key={item} className="planned__item">
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}

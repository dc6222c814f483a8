import { isTitledText, useTranslatedList } from '../lib/useTranslatedList';

interface Props {
  /** Locale key of an array of `{ title, text }`. */
  listKey: string;
  /** Numbers the cards (for steps). */
  numbered?: boolean;
  className?: string;
}

/** Cards of `{ title, text }` kept in the locales: benefits, facts, steps. */
export function CardGrid({ listKey, numbered = false, className }: Props) {
  const items = useTranslatedList(listKey, isTitledText);
  const List = numbered ? 'ol' : 'ul';
  return (
    <List className={['card-grid', numbered ? 'card-grid--numbered' : '', className ?? ''].join(' ').trim()}>
      {items.map((item, index) => (
        <li key={item.title} className="card">
          {numbered && (
            <span className="card__number" aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
          )}
          <h3 className="card__title">{item.title}</h3>
          <p className="card__text">{item.text}</p>
        </li>
      ))}
    </List>
  );
}

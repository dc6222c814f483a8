import { InfoPage } from '../../layout/InfoPage';
import { useTranslatedList } from '../../lib/useTranslatedList';

interface FaqItem {
  question: string;
  answer: string;
}

function isFaqItem(value: unknown): value is FaqItem {
  if (!value || typeof value !== 'object') return false;
  const { question, answer } = value as Record<string, unknown>;
  return typeof question === 'string' && typeof answer === 'string';
}

export default function FaqPage() {
  const items = useTranslatedList('pages.faq.items', isFaqItem);
  return (
    <InfoPage name="faq">
      <div className="faq">
        {items.map((item) => (
          <details key={item.question} className="faq__item">
            <summary className="faq__question">{item.question}</summary>
            <p className="faq__answer">{item.answer}</p>
          </details>
        ))}
      </div>
    </InfoPage>
  );
}

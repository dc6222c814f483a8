import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A payment detail with its copy button (the value stays selectable where the clipboard is refused). */
export function CopyValue({ name, value, testId }: { name: string; value: string; testId?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <div className="order-copy" data-testid={testId}>
      <dt className="order-copy__name">{name}</dt>
      <dd className="order-copy__row">
        <code className="order-copy__value">{value}</code>
        <button
          type="button"
          className="order-copy__button"
          aria-label={t('order.pay.copyLabel', { name })}
          onClick={() =>
            void navigator.clipboard.writeText(value).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? t('order.pay.copied') : t('order.pay.copy')}
        </button>
      </dd>
    </div>
  );
}

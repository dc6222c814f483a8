/** A signed call in curl, Node.js, Python and PHP (common/partnerApiExamples.ts): a method to pick (ping first), language tabs, a copy button. */
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fillPartnerApiExample,
  PARTNER_API_EXAMPLE_LANGUAGES,
  PARTNER_API_EXAMPLE_METHODS,
  PARTNER_API_EXAMPLE_PARAMS,
  type PartnerApiExampleLanguage,
  type PartnerApiExampleMethod,
} from '../../../../common/partnerApiExamples';
import { apiUrl } from '../../api/client';
import { Select } from '../../components/form/Select';
import { ContentSection } from '../../layout/ContentSection';

const LANGUAGE_NAMES: Record<PartnerApiExampleLanguage, string> = { curl: 'curl', node: 'Node.js', python: 'Python', php: 'PHP' };

/** This site's address (its public path included): the API lives at `<base>/api`. */
function siteBase(): string {
  return new URL(apiUrl('/'), window.location.href).href.replace(/\/api\/$/, '');
}

export function ApiExamples() {
  const { t } = useTranslation();
  const id = useId();
  const [language, setLanguage] = useState<PartnerApiExampleLanguage>('curl');
  const [method, setMethod] = useState<PartnerApiExampleMethod>('ping');
  const [copied, setCopied] = useState<string | null>(null);
  const shown = `${method}/${language}`;
  const source = fillPartnerApiExample(language, {
    baseUrl: siteBase(),
    apiKey: 'YOUR_API_KEY',
    secret: 'YOUR_SECRET',
    method,
    params: PARTNER_API_EXAMPLE_PARAMS[method],
  });

  function onKeyDown(event: KeyboardEvent): void {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const count = PARTNER_API_EXAMPLE_LANGUAGES.length;
    const next = PARTNER_API_EXAMPLE_LANGUAGES[(PARTNER_API_EXAMPLE_LANGUAGES.indexOf(language) + step + count) % count];
    setLanguage(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  }

  return (
    <ContentSection textKey="pages.documentation.examples">
      <Select
        className="doc-example__method"
        label={t('pages.documentation.examples.methodLabel')}
        name="example-method"
        value={method}
        options={PARTNER_API_EXAMPLE_METHODS.map((entry) => ({ value: entry, label: entry }))}
        onCommit={(value) => setMethod(value as PartnerApiExampleMethod)}
      />
      <div className="doc-tabs" role="tablist" aria-label={t('pages.documentation.examples.tabsLabel')} onKeyDown={onKeyDown}>
        {PARTNER_API_EXAMPLE_LANGUAGES.map((entry) => (
          <button
            key={entry}
            id={`${id}-tab-${entry}`}
            type="button"
            role="tab"
            className={entry === language ? 'doc-tab doc-tab--active' : 'doc-tab'}
            aria-selected={entry === language}
            aria-controls={`${id}-panel`}
            tabIndex={entry === language ? 0 : -1}
            onClick={() => setLanguage(entry)}
          >
            {LANGUAGE_NAMES[entry]}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${language}`} className="doc-example" data-testid="doc-example">
        <button
          type="button"
          className="order-copy__button doc-example__copy"
          aria-label={t('pages.documentation.examples.copyLabel', { language: LANGUAGE_NAMES[language] })}
          onClick={() =>
            void navigator.clipboard.writeText(source).then(
              () => setCopied(shown),
              () => setCopied(null),
            )
          }
        >
          {copied === shown ? t('pages.documentation.examples.copied') : t('pages.documentation.examples.copy')}
        </button>
        <pre className="code-block doc-pre">
          <code>{source}</code>
        </pre>
      </div>
    </ContentSection>
  );
}

/**
 * `/documentation`: the partner API — access, the signing scheme step by step, the methods (read
 * from the OpenAPI document), a signed call in four languages, and the rate exports.
 */
import { useTranslation } from 'react-i18next';
import { ContentSection } from '../../layout/ContentSection';
import { InfoPage } from '../../layout/InfoPage';
import { isString, useTranslatedList } from '../../lib/useTranslatedList';
import { ApiExamples } from './Examples';
import { ApiMethods } from './ApiMethods';
import '../order/order.css';
import '../userExchanges/userExchanges.css';
import './documentation.css';

const REQUEST_SAMPLE = `POST /api/service/api/v1/{method_name}
apikey: <public key>
hash: sha512_hex( sha512_hex(<raw JSON body>) + <secret> )
content-type: application/json

{"time":1735689600000, ...}`;

export default function DocumentationPage() {
  const { t } = useTranslation();
  const steps = useTranslatedList('pages.documentation.steps', isString);
  return (
    <InfoPage name="documentation">
      <ContentSection textKey="pages.documentation.access" />
      <ContentSection textKey="pages.documentation.signing">
        <ol className="doc-steps" data-testid="doc-steps">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <pre className="code-block doc-pre" aria-label={t('pages.documentation.sampleLabel')}>
          <code>{REQUEST_SAMPLE}</code>
        </pre>
      </ContentSection>
      <ApiMethods />
      <ApiExamples />
      <ContentSection textKey="pages.documentation.exports">
        <ul className="link-list">
          {['xml', 'json', 'txt'].map((format) => (
            <li key={format}>
              <code>/export/rates.{format}</code>
            </li>
          ))}
        </ul>
      </ContentSection>
    </InfoPage>
  );
}

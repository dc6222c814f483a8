import { useTranslation } from 'react-i18next';
import { ContentSection } from '../../layout/ContentSection';
import { InfoPage } from '../../layout/InfoPage';

const REQUEST_SAMPLE = `POST /api/service/api/v1/{method_name}
apikey: <public key>
hash: sha512_hex( sha512_hex(<raw JSON body>) + <secret> )
content-type: application/json

{ "time": 1735689600, ... }`;

export default function DocumentationPage() {
  const { t } = useTranslation();
  return (
    <InfoPage name="documentation">
      <ContentSection textKey="pages.documentation.access" />
      <ContentSection textKey="pages.documentation.signing">
        <pre className="code-block" aria-label={t('pages.documentation.sampleLabel')}>
          <code>{REQUEST_SAMPLE}</code>
        </pre>
      </ContentSection>
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

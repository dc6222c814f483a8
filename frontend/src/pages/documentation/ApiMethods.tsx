/** The methods section of `/documentation`, read from the OpenAPI document: loading, error with retry, the list. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { ContentSection } from '../../layout/ContentSection';
import { PageLoader } from '../../layout/PageLoader';
import { fetchOpenApi, readMethods, type ApiMethod } from './methods';

export function ApiMethods() {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: ['partner-api', 'openapi', i18n.language],
    queryFn: () => fetchOpenApi(i18n.language),
    select: readMethods,
    retry: false,
  });

  let body;
  if (query.isPending) {
    body = (
      <div data-testid="doc-methods-loading" aria-label={t('pages.documentation.methodsLoading')}>
        <PageLoader />
      </div>
    );
  } else if (query.isError) {
    body = (
      <div className="exchanges-state" role="alert" data-testid="doc-methods-error">
        <p>{t('pages.documentation.methodsError')}</p>
        <Button variant="ghost" color="secondary" size="small" onClick={() => void query.refetch()}>
          {t('pages.documentation.retry')}
        </Button>
      </div>
    );
  } else {
    body = (
      <div className="doc-methods" data-testid="doc-methods">
        {query.data.map((method) => (
          <Method key={method.path} method={method} />
        ))}
      </div>
    );
  }
  return <ContentSection textKey="pages.documentation.methods">{body}</ContentSection>;
}

function Method({ method }: { method: ApiMethod }) {
  const { t } = useTranslation();
  const columns = (['name', 'type', 'required', 'description'] as const).map((column) => t(`pages.documentation.columns.${column}`));
  return (
    <article className="doc-method" data-testid={`doc-method-${method.name}`} aria-labelledby={`doc-method-${method.name}`}>
      <h3 id={`doc-method-${method.name}`} className="doc-method__title">
        <code className="doc-code">{method.name}</code>
        {method.summary && <span>{method.summary}</span>}
      </h3>
      {method.description && <p>{method.description}</p>}
      <h4>{t('pages.documentation.parameters')}</h4>
      {method.fields.length === 0 ? (
        <p className="exchanges-muted">{t('pages.documentation.noParameters')}</p>
      ) : (
        <table className="exchanges-table doc-fields">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {method.fields.map((field) => (
              <tr key={field.name}>
                <td data-label={columns[0]}>
                  <code className="doc-code">{field.name}</code>
                </td>
                <td data-label={columns[1]}>
                  <code className="doc-code">{field.type}</code>
                </td>
                <td data-label={columns[2]}>{t(field.required ? 'pages.documentation.required' : 'pages.documentation.optional')}</td>
                <td data-label={columns[3]}>{field.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {method.example && (
        <>
          <h4>{t('pages.documentation.exampleAnswer')}</h4>
          <pre className="code-block doc-pre">
            <code>{method.example}</code>
          </pre>
        </>
      )}
      {method.errors.length > 0 && (
        <>
          <h4>{t('pages.documentation.errors')}</h4>
          {/* OpenAPI's `default` answer is the envelope of every refusal, not a code of its own: said once, above the codes. */}
          {method.errors
            .filter((error) => error.status === 'default')
            .map((error) => (
              <p key="default" className="exchanges-muted">
                {error.description}
              </p>
            ))}
          <ul className="doc-errors">
            {method.errors.filter((error) => error.status !== 'default').map((error) => (
              <li key={`${error.status}-${error.code}`}>
                {error.status && <span className="exchanges-muted doc-errors__status">{error.status}</span>} {error.code && <code className="doc-code">{error.code}</code>}
                {error.description && <span> — {error.description}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}

/**
 * `/user/api`: the partner API's keys (issue 15). "Create API key" shows the public key and the
 * secret once; the table lists the keys (never a secret) with their access switches, and each
 * key's settings: IP allow-list, callback URL, the webhook delivery log, delete.
 */
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { pathFor } from '../../../../common/routes';
import type { ApiKeyDto, CreatedApiKey } from '../../../../common/partnerApi';
import { MAX_API_KEYS } from '../../../../common/partnerApi';
import { showAlert } from '../../accounts/alerts';
import { ApiError } from '../../api/ApiError';
import { Button } from '../../components/Button';
import { PageLoader } from '../../layout/PageLoader';
import { UserAreaLayout } from '../../layout/UserAreaLayout';
import { CopyValue } from '../order/CopyValue';
import { API_KEYS_KEY, apiKeysApi } from './api';
import { KEY_COLUMNS, KeyRow } from './KeyRow';
import '../order/order.css';
import '../userExchanges/userExchanges.css';
import './userApi.css';

export default function UserApiPage() {
  return (
    <UserAreaLayout name="userApi">
      <ApiKeys />
    </UserAreaLayout>
  );
}

function ApiKeys() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: API_KEYS_KEY, queryFn: apiKeysApi.list, retry: false });
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);

  async function create(): Promise<void> {
    setCreating(true);
    setCreateError(null);
    try {
      setCreated(await apiKeysApi.create());
      showAlert(t('apiKeys.alerts.created'));
      void queryClient.invalidateQueries({ queryKey: API_KEYS_KEY });
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      setCreateError(caught.message || t('apiKeys.createFailed'));
    } finally {
      setCreating(false);
    }
  }

  const full = (query.data?.length ?? 0) >= MAX_API_KEYS;
  return (
    <div className="api-keys">
      <p>
        {t('apiKeys.intro')} <Link href={pathFor('documentation')}>{t('apiKeys.docsLink')}</Link>
      </p>
      <div className="api-keys__create">
        <Button onClick={() => void create()} loading={creating} disabled={full || !query.isSuccess} data-testid="api-key-create">
          {t('apiKeys.create')}
        </Button>
        {createError && (
          <p className="order-notice order-notice--error" role="alert">
            {createError}
          </p>
        )}
      </div>
      {created && <CreatedKeyPanel created={created} onDismiss={() => setCreated(null)} />}
      <section className="api-keys__section" aria-labelledby="api-keys-list">
        <h2 id="api-keys-list">{t('apiKeys.listTitle')}</h2>
        <KeysTable query={query} />
      </section>
    </div>
  );
}

/** The only time the secret is on screen: both values with copy buttons, the warning, the dismiss. */
function CreatedKeyPanel({ created, onDismiss }: { created: CreatedApiKey; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="api-created" aria-labelledby="api-created-title" data-testid="api-key-created">
      <h2 id="api-created-title">{t('apiKeys.created.title')}</h2>
      <p className="order-notice order-notice--warning" role="note">
        {t('apiKeys.created.warning')}
      </p>
      <dl className="api-created__values">
        <CopyValue name={t('apiKeys.created.apiKey')} value={created.apiKey} testId="api-key-created-key" />
        <CopyValue name={t('apiKeys.created.secret')} value={created.secret} testId="api-key-created-secret" />
      </dl>
      <Button variant="ghost" color="secondary" onClick={onDismiss} data-testid="api-key-created-dismiss">
        {t('apiKeys.created.dismiss')}
      </Button>
    </section>
  );
}

function KeysTable({ query }: { query: UseQueryResult<ApiKeyDto[]> }) {
  const { t } = useTranslation();
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <div className="exchanges-state" role="alert" data-testid="api-keys-error">
        <p>{query.error instanceof ApiError && query.error.message ? query.error.message : t('apiKeys.loadError')}</p>
        <Button variant="ghost" color="secondary" size="small" onClick={() => void query.refetch()}>
          {t('apiKeys.retry')}
        </Button>
      </div>
    );
  }
  if (query.data.length === 0) {
    return (
      <p className="exchanges-state" data-testid="api-keys-empty">
        {t('apiKeys.empty')}
      </p>
    );
  }
  return (
    <table className="exchanges-table api-keys-table" data-testid="api-keys">
      <thead>
        <tr>
          {KEY_COLUMNS.map((column) => (
            <th key={column} scope="col">
              {t(`apiKeys.columns.${column}`)}
            </th>
          ))}
        </tr>
      </thead>
      {query.data.map((key) => (
        <KeyRow key={key.apiKey} apiKey={key} />
      ))}
    </table>
  );
}

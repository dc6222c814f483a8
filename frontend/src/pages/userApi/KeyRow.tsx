/** One key of `/user/api`: its row (access switches, delete) and, expanded, its settings and webhook log. */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ApiKeyDto, ApiKeyPatch } from '../../../../common/partnerApi';
import { MAX_IP_ALLOW_LIST } from '../../../../common/partnerApi';
import { routeByName } from '../../../../common/routes';
import { showAlert } from '../../accounts/alerts';
import { ApiError } from '../../api/ApiError';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Checkbox, TextField } from '../../components/form';
import { Modal } from '../../components/Modal';
import { useSessionStore } from '../../stores/session';
import { useShortDate } from '../userPartner/rows';
import { API_KEYS_KEY, apiKeysApi } from './api';
import { Deliveries } from './Deliveries';

export const KEY_COLUMNS = ['apiKey', 'created', 'access', 'lastUsed', 'actions'] as const;

/** PATCHes the key and puts the answer in the list; resolves with the refusal (or null). */
function usePatchKey(apiKey: string): (patch: ApiKeyPatch) => Promise<ApiError | null> {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return async (patch) => {
    try {
      const updated = await apiKeysApi.update(apiKey, patch);
      queryClient.setQueryData<ApiKeyDto[]>(API_KEYS_KEY, (keys) => keys?.map((key) => (key.apiKey === apiKey ? updated : key)));
      showAlert(t('apiKeys.alerts.updated'));
      return null;
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      return caught;
    }
  };
}

/** The field's own message from a refusal: `fields[name]` or `fields['name[0]']`…, else the message. */
function fieldError(error: ApiError | null, name: string): string | undefined {
  if (!error) return undefined;
  const own = Object.entries(error.fields).find(([field]) => field === name || field.startsWith(`${name}[`) || field.startsWith(`${name}.`));
  return own ? own[1] : error.message;
}

export function KeyRow({ apiKey: key }: { apiKey: ApiKeyDto }) {
  const { t } = useTranslation();
  const shortDate = useShortDate();
  const patch = usePatchKey(key.apiKey);
  const twoFactor = useSessionStore((state) => state.user?.twoFactorEnabled ?? false);
  const [expanded, setExpanded] = useState(false);
  const [busy, setBusy] = useState<'enabled' | 'allowWithdrawals' | null>(null);
  const [toggleError, setToggleError] = useState<string | null>(null);
  const [needsOtp, setNeedsOtp] = useState(false);
  const [askingCode, setAskingCode] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const label = (column: (typeof KEY_COLUMNS)[number]) => t(`apiKeys.columns.${column}`);

  async function toggle(field: 'enabled' | 'allowWithdrawals', value: boolean): Promise<void> {
    setToggleError(null);
    setNeedsOtp(false);
    if (field === 'allowWithdrawals' && value) {
      if (twoFactor) setAskingCode(true);
      else setNeedsOtp(true);
      return;
    }
    setBusy(field);
    const error = await patch({ [field]: value });
    setBusy(null);
    if (error) setToggleError(error.message || t('apiKeys.saveFailed'));
  }

  return (
    <tbody className="api-key" data-testid={`api-key-${key.apiKey}`}>
      <tr>
        <td data-label={label('apiKey')}>
          <code className="api-code">{key.apiKey}</code>
        </td>
        <td data-label={label('created')}>{shortDate(key.createdAt)}</td>
        <td data-label={label('access')}>
          <div className="api-key__access">
            <Checkbox
              label={t('apiKeys.enabled')}
              name="enabled"
              value={key.enabled}
              disabled={busy !== null}
              onCommit={(value) => void toggle('enabled', value)}
            />
            <Checkbox
              label={t('apiKeys.withdrawals')}
              name="allowWithdrawals"
              value={key.allowWithdrawals}
              disabled={busy !== null}
              onCommit={(value) => void toggle('allowWithdrawals', value)}
            />
          </div>
          {needsOtp && <NoTwoFactor />}
          {toggleError && (
            <p className="order-notice order-notice--error" role="alert">
              {toggleError}
            </p>
          )}
        </td>
        <td data-label={label('lastUsed')}>{key.lastUsedAt ? shortDate(key.lastUsedAt) : <span className="exchanges-muted">{t('apiKeys.never')}</span>}</td>
        <td data-label={label('actions')}>
          <div className="api-key__actions">
            <Button variant="ghost" color="secondary" size="small" aria-expanded={expanded} onClick={() => setExpanded(!expanded)} data-testid="api-key-settings">
              {t(expanded ? 'apiKeys.hideSettings' : 'apiKeys.settings')}
            </Button>
            <Button variant="ghost" color="secondary" size="small" onClick={() => setDeleting(true)} data-testid="api-key-delete">
              {t('apiKeys.delete')}
            </Button>
          </div>
        </td>
      </tr>
      {expanded && (
        <tr className="api-key__details">
          <td colSpan={KEY_COLUMNS.length}>
            <KeySettings apiKey={key} />
          </td>
        </tr>
      )}
      {askingCode && (
        <WithdrawalsDialog
          apiKey={key.apiKey}
          onClose={() => setAskingCode(false)}
          onNoTwoFactor={() => {
            setAskingCode(false);
            setNeedsOtp(true);
          }}
        />
      )}
      {deleting && <DeleteDialog apiKey={key.apiKey} onClose={() => setDeleting(false)} />}
    </tbody>
  );
}

function NoTwoFactor() {
  const { t } = useTranslation();
  return (
    <p className="order-notice" role="alert" data-testid="api-key-no-2fa">
      {t('apiKeys.otp.missing')} <Link href={routeByName('enableOtp').path}>{t('apiKeys.otp.enable')}</Link>
    </p>
  );
}

const CODE_PATTERN = /^\d{6}$/;

/** Turning withdrawals on: the current 2FA code goes with the PATCH. */
function WithdrawalsDialog({ apiKey, onClose, onNoTwoFactor }: { apiKey: string; onClose: () => void; onNoTwoFactor: () => void }) {
  const { t } = useTranslation();
  const patch = usePatchKey(apiKey);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm(): Promise<void> {
    const trimmed = code.trim();
    if (!CODE_PATTERN.test(trimmed)) {
      setError(t('apiKeys.otp.required'));
      return;
    }
    setBusy(true);
    setError(null);
    const refused = await patch({ allowWithdrawals: true, code: trimmed });
    setBusy(false);
    if (!refused) onClose();
    else if (refused.code === 'two_factor_required_for_withdrawals') onNoTwoFactor();
    else setError(fieldError(refused, 'code') || t('apiKeys.saveFailed'));
  }

  return (
    <Modal
      open
      onClose={onClose}
      size="small"
      title={t('apiKeys.otp.title')}
      footer={
        <>
          <Button variant="ghost" color="secondary" onClick={onClose}>
            {t('apiKeys.cancel')}
          </Button>
          <Button loading={busy} onClick={() => void confirm()} data-testid="api-key-otp-confirm">
            {t('apiKeys.otp.confirm')}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <p>{t('apiKeys.otp.text')}</p>
        <TextField
          label={t('apiKeys.otp.code')}
          name="code"
          value={code}
          onValueChange={setCode}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={error ?? undefined}
        />
      </form>
    </Modal>
  );
}

function DeleteDialog({ apiKey, onClose }: { apiKey: string; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <ConfirmDialog
      title={<span className="api-code">{t('apiKeys.deleteTitle', { apiKey })}</span>}
      text={t('apiKeys.deleteText')}
      confirmLabel={t('apiKeys.delete')}
      cancelLabel={t('apiKeys.cancel')}
      failedText={t('apiKeys.deleteFailed')}
      confirmTestId="api-key-delete-confirm"
      onClose={onClose}
      onConfirm={async () => {
        await apiKeysApi.remove(apiKey);
        onClose();
        showAlert(t('apiKeys.alerts.deleted'));
        void queryClient.invalidateQueries({ queryKey: API_KEYS_KEY });
      }}
    />
  );
}

/** The expanded part of a key: IP allow-list, callback URL, webhook deliveries. */
function KeySettings({ apiKey: key }: { apiKey: ApiKeyDto }) {
  const { t } = useTranslation();
  const patch = usePatchKey(key.apiKey);
  const [ips, setIps] = useState(key.ipAllowList.join('\n'));
  const [callback, setCallback] = useState(key.callbackUrl ?? '');
  const [busy, setBusy] = useState<'ip' | 'callback' | null>(null);
  const [ipError, setIpError] = useState<string | undefined>();
  const [callbackError, setCallbackError] = useState<string | undefined>();
  const [showLog, setShowLog] = useState(false);

  async function saveIps(): Promise<void> {
    setBusy('ip');
    setIpError(undefined);
    const list = ips
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    setIpError(fieldError(await patch({ ipAllowList: list }), 'ipAllowList'));
    setBusy(null);
  }

  async function saveCallback(): Promise<void> {
    setBusy('callback');
    setCallbackError(undefined);
    const url = callback.trim();
    setCallbackError(fieldError(await patch({ callbackUrl: url === '' ? null : url }), 'callbackUrl'));
    setBusy(null);
  }

  return (
    <div className="api-settings">
      <form
        className="api-settings__field"
        onSubmit={(event) => {
          event.preventDefault();
          void saveIps();
        }}
      >
        <label className="api-settings__label">
          <span>{t('apiKeys.ipAllowList.label')}</span>
          <textarea
            name="ipAllowList"
            rows={4}
            value={ips}
            onChange={(event) => setIps(event.currentTarget.value)}
            aria-invalid={ipError ? true : undefined}
            aria-describedby={`ip-hint-${key.apiKey}`}
            spellCheck={false}
          />
        </label>
        <p id={`ip-hint-${key.apiKey}`} className="exchanges-muted">
          {t('apiKeys.ipAllowList.hint', { max: MAX_IP_ALLOW_LIST })}
        </p>
        {ipError && (
          <p className="order-notice order-notice--error" role="alert" data-testid="api-key-ip-error">
            {ipError}
          </p>
        )}
        <Button type="submit" variant="ghost" color="secondary" size="small" loading={busy === 'ip'} data-testid="api-key-ip-save">
          {t('apiKeys.save')}
        </Button>
      </form>
      <form
        className="api-settings__field"
        onSubmit={(event) => {
          event.preventDefault();
          void saveCallback();
        }}
      >
        <TextField
          label={t('apiKeys.callbackUrl.label')}
          name="callbackUrl"
          type="url"
          value={callback}
          onValueChange={setCallback}
          placeholder="https://"
          description={t('apiKeys.callbackUrl.hint')}
          error={callbackError}
        />
        <Button type="submit" variant="ghost" color="secondary" size="small" loading={busy === 'callback'} data-testid="api-key-callback-save">
          {t('apiKeys.save')}
        </Button>
      </form>
      <div>
        <Button variant="ghost" color="secondary" size="small" aria-expanded={showLog} onClick={() => setShowLog(!showLog)} data-testid="api-key-deliveries-toggle">
          {t(showLog ? 'apiKeys.deliveries.hide' : 'apiKeys.deliveries.show')}
        </Button>
      </div>
      {showLog && <Deliveries apiKey={key.apiKey} />}
    </div>
  );
}

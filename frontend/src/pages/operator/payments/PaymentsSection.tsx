import { useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminAssetDto } from '../../../../../common/catalogueAdmin';
import { accountProblem, luhnValid, type PaymentDetailDto, type PaymentDetailList } from '../../../../../common/paymentDetails';
import { validationMessage } from '../../../../../common/validation/messages';
import { translateMessage } from '../../../../../common/validation/translate';
import { api } from '../../../api/client';
import { ApiError } from '../../../api/ApiError';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { useAssetName } from '../../../exchange/useAssetName';
import { PageLoader } from '../../../layout/PageLoader';
import { useAdminAssets } from '../catalogue/api';
import '../console.css';
import './payments.css';

/** Between the parts of a detail's line: kept on the line of the part before it. */
const SEPARATOR = '\u00a0· ';

export const PAYMENT_DETAILS_KEY = ['admin', 'payment-details'] as const;

interface Draft {
  asset: string;
  account: string;
  holder: string;
  note: string;
}

const EMPTY: Draft = { asset: '', account: '', holder: '', note: '' };

/**
 * What the form says before asking the server, by the same rules (paymentDetailsAdmin.ts): the asset
 * must be in the catalogue, and the account in its form — a card number passing Luhn, a wallet of the
 * asset's network (common/paymentDetails.ts accountProblem), an office's address of 4 characters or
 * more. While the catalogue has not arrived, only what needs no asset: a card number that fails Luhn.
 */
function checkDraft(draft: Draft, assets: readonly AdminAssetDto[] | undefined, t: (key: string) => string): Partial<Record<keyof Draft, string>> {
  const errors: Partial<Record<keyof Draft, string>> = {};
  const code = draft.asset.trim();
  const asset = assets?.find((candidate) => candidate.code === code);
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(code)) errors.asset = t('paymentsAdmin.errors.asset');
  else if (assets && !asset) errors.asset = translateMessage(validationMessage('unknown_asset'), t);
  const account = draft.account.trim();
  const digits = account.replace(/[\s-]/g, '');
  const problem = asset && asset.type !== 'cash' ? accountProblem(asset, account) : true;
  if (account.length < 4) errors.account = t('paymentsAdmin.errors.account');
  else if (problem !== true) errors.account = translateMessage(problem, t);
  else if (!asset && /^\d{13,19}$/.test(digits) && !luhnValid(digits)) errors.account = translateMessage(validationMessage('card_number'), t);
  if (draft.holder.length > 64) errors.holder = t('paymentsAdmin.errors.tooLong');
  if (draft.note.length > 255) errors.note = t('paymentsAdmin.errors.tooLong');
  return errors;
}

/** Admins: where customers pay, by asset; add (checked) and delete (confirmed) details. */
export default function PaymentsSection() {
  const { t } = useTranslation();
  const nameOf = useAssetName();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: PAYMENT_DETAILS_KEY, queryFn: () => api.get<PaymentDetailList>('/admin/payment-details') });
  const assets = useAdminAssets();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [deleting, setDeleting] = useState<PaymentDetailDto | null>(null);

  const create = useMutation({
    mutationFn: (body: Draft) => api.post<PaymentDetailDto>('/admin/payment-details', body),
    onSuccess: async () => {
      setDraft(EMPTY);
      await queryClient.invalidateQueries({ queryKey: PAYMENT_DETAILS_KEY });
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields as Partial<Record<keyof Draft, string>>);
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete<{ deleted: true }>(`/admin/payment-details/${id}`),
    onSettled: async () => {
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: PAYMENT_DETAILS_KEY });
    },
  });

  const byAsset = useMemo(() => {
    const groups = new Map<string, PaymentDetailDto[]>();
    for (const detail of list.data?.details ?? []) groups.set(detail.asset, [...(groups.get(detail.asset) ?? []), detail]);
    return [...groups.entries()];
  }, [list.data]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = checkDraft(draft, assets.data, t);
    setErrors(found);
    if (Object.keys(found).length === 0) create.mutate({ ...draft, asset: draft.asset.trim(), account: draft.account.trim() });
  }

  const field = (name: keyof Draft, required = false) => (
    <label className="payments-field operator-input">
      <span>{t(`paymentsAdmin.fields.${name}`)}</span>
      <input
        name={name}
        value={draft[name]}
        required={required}
        aria-invalid={errors[name] ? true : undefined}
        onChange={(event) => setDraft({ ...draft, [name]: event.currentTarget.value })}
        list={name === 'asset' ? 'payments-assets' : undefined}
        autoComplete="off"
        data-testid={`payments-${name}`}
      />
      {errors[name] && <small className="payments-error">{errors[name]}</small>}
    </label>
  );

  return (
    <section className="payments-admin" aria-label={t('paymentsAdmin.title')}>
      <h2>{t('paymentsAdmin.title')}</h2>
      <p className="payments-hint">{t('paymentsAdmin.hint')}</p>
      <form className="payments-form" onSubmit={submit} noValidate data-testid="payments-form">
        {field('asset', true)}
        <datalist id="payments-assets">
          {assets.data?.map((asset) => (
            <option key={asset.code} value={asset.code}>
              {nameOf(asset)}
            </option>
          ))}
        </datalist>
        {field('account', true)}
        {field('holder')}
        {field('note')}
        <Button type="submit" loading={create.isPending} data-testid="payments-add">
          {t('paymentsAdmin.add')}
        </Button>
        {create.isError && !(create.error instanceof ApiError && Object.keys(create.error.fields).length > 0) && (
          <p className="payments-error" role="alert">
            {create.error.message}
          </p>
        )}
      </form>
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <p className="payments-error" role="alert">
          {t('paymentsAdmin.loadError')}
        </p>
      ) : byAsset.length === 0 ? (
        <p className="operator-muted" data-testid="payments-empty">{t('paymentsAdmin.empty')}</p>
      ) : (
        byAsset.map(([asset, details]) => (
          <div key={asset} className="payments-asset" data-testid={`payments-asset-${asset}`}>
            <h3>{asset}</h3>
            <ul>
              {details.map((detail) => (
                <li key={detail.id} data-testid={`payments-detail-${detail.id}`}>
                  <code className="payments-account">{detail.account}</code>
                  {/* One run of text: it wraps between its parts, a "·" never starts a line. */}
                  <span className="payments-meta">
                    {detail.memo && <span>{t('paymentsAdmin.fields.memo')}: {detail.memo}{SEPARATOR}</span>}
                    {detail.holder && <span>{detail.holder}{SEPARATOR}</span>}
                    {detail.note && <span>{detail.note}{SEPARATOR}</span>}
                    {detail.demo && <span className="payments-demo">{t('paymentsAdmin.demo')}{SEPARATOR}</span>}
                    <span className="payments-uses">{t('paymentsAdmin.uses', { count: detail.useCount })}</span>
                  </span>
                  <Button variant="ghost" size="small" onClick={() => setDeleting(detail)} aria-label={t('paymentsAdmin.deleteOne', { account: detail.account })}>
                    {t('paymentsAdmin.delete')}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
      <Modal
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('paymentsAdmin.confirmTitle')}
        size="small"
        footer={
          <>
            <Button variant="ghost" onClick={() => setDeleting(null)}>
              {t('paymentsAdmin.cancel')}
            </Button>
            <Button loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting.id)} data-testid="payments-confirm-delete">
              {t('paymentsAdmin.delete')}
            </Button>
          </>
        }
      >
        <p>{t('paymentsAdmin.confirmText', { account: deleting?.account ?? '', asset: deleting?.asset ?? '' })}</p>
      </Modal>
    </section>
  );
}

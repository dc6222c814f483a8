import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { assetName, type AssetDto } from '../../../../common/catalogue';
import { DEFAULT_LANG, isLang } from '../../../../common/api';
import { accountProblem, luhnValid } from '../../../../common/paymentDetails';
import { translateMessage } from '../../../../common/validation/translate';
import { cardNumberDigits, requisiteAssetFits, type RequisiteKind } from '../../../../common/requisites';
import { ApiError } from '../../api/ApiError';
import { showAlert } from '../../accounts/alerts';
import { Button } from '../../components/Button';
import { Select, TextField } from '../../components/form';
import { REQUISITES_KEY, requisitesApi } from './api';

const MONTHS = Array.from({ length: 12 }, (_, index) => String(index + 1));

/** Adds a card (then waits for its photo) or a wallet; the card's Luhn check runs here too, before the server's. */
export function AddRequisiteForm({ assets }: { assets: AssetDto[] }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const lang = isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
  const [kind, setKind] = useState<RequisiteKind>('card');
  const [asset, setAsset] = useState('');
  const [number, setNumber] = useState('');
  const [holder, setHolder] = useState('');
  const [month, setMonth] = useState('');
  const [year, setYear] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: 12 }, (_, index) => String(thisYear + index));
  const choices = assets.filter((entry) => entry.enabled && requisiteAssetFits(kind, entry));

  function check(): Record<string, string> {
    const found: Record<string, string> = {};
    if (!asset) found.asset = t('validation.required');
    if (!number.trim()) found.number = t('validation.required');
    else if (kind === 'card') {
      const digits = cardNumberDigits(number);
      if (!digits) found.number = t('validation.account');
      else if (!luhnValid(digits)) found.number = t('requisites.luhn');
    } else {
      // A wallet of the chosen asset's network (common/walletForms.ts), as the server checks it.
      const chosen = assets.find((entry) => entry.code === asset);
      const problem = chosen ? accountProblem(chosen, number) : true;
      if (problem !== true) found.number = translateMessage(problem, t);
    }
    if (kind === 'card' && !month) found.expiryMonth = t('validation.required');
    if (kind === 'card' && !year) found.expiryYear = t('validation.required');
    return found;
  }

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await requisitesApi.add({
        kind,
        asset,
        number: number.trim(),
        ...(kind === 'card' ? { holder: holder.trim() || undefined, expiryMonth: Number(month), expiryYear: Number(year) } : {}),
      });
      showAlert(t(kind === 'card' ? 'requisites.added' : 'requisites.status.saved'));
      setNumber('');
      setHolder('');
      await queryClient.invalidateQueries({ queryKey: REQUISITES_KEY });
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      setErrors(caught.fields && Object.keys(caught.fields).length > 0 ? caught.fields : { number: caught.message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="requisites-form" onSubmit={(event) => void submit(event)} noValidate aria-label={t('requisites.addTitle')}>
      <h2>{t('requisites.addTitle')}</h2>
      <Select
        label={t('requisites.fields.kind')}
        name="kind"
        value={kind}
        options={(['card', 'wallet'] as const).map((value) => ({ value, label: t(`requisites.kind.${value}`) }))}
        onCommit={(value) => {
          setKind(value as RequisiteKind);
          setAsset('');
          setErrors({});
        }}
      />
      <Select
        label={t('requisites.fields.asset')}
        name="asset"
        value={asset}
        placeholder="—"
        options={choices.map((entry) => ({ value: entry.code, label: assetName(entry, lang) }))}
        onCommit={setAsset}
        error={errors.asset}
      />
      <TextField
        label={t(kind === 'card' ? 'requisites.fields.number' : 'requisites.fields.wallet')}
        name="number"
        value={number}
        inputMode={kind === 'card' ? 'numeric' : undefined}
        onValueChange={setNumber}
        error={errors.number}
      />
      {kind === 'card' && (
        <>
          <TextField label={t('requisites.fields.holder')} name="holder" value={holder} onValueChange={setHolder} error={errors.holder} />
          <div className="requisites-form__expiry">
            <Select label={t('requisites.fields.expiryMonth')} name="expiryMonth" value={month} placeholder="MM" options={MONTHS.map((value) => ({ value, label: value.padStart(2, '0') }))} onCommit={setMonth} error={errors.expiryMonth} />
            <Select label={t('requisites.fields.expiryYear')} name="expiryYear" value={year} placeholder="YYYY" options={years.map((value) => ({ value, label: value }))} onCommit={setYear} error={errors.expiryYear} />
          </div>
        </>
      )}
      <Button type="submit" loading={busy} data-testid="requisites-add">
        {t('requisites.add')}
      </Button>
    </form>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { object, string } from 'yup';
import { agreeTermsField, amountField, emailField, nameField, passwordField } from '../../../../common/validation';
import { Button, Checkbox, Select, TextField, useForm } from '../../components';
import { ShowcaseSection } from './ShowcaseSection';

const demoSchema = object({
  email: emailField,
  firstName: nameField,
  password: passwordField,
  currency: string().required(),
  amount: amountField({ min: '0.001', max: '10', scale: 8 }),
  agree: agreeTermsField,
});

const CURRENCY_OPTIONS = [
  { value: 'BTC', label: 'Bitcoin (BTC)' },
  { value: 'ETH', label: 'Ethereum (ETH)' },
  { value: 'USDT', label: 'Tether (USDT)' },
];

/** Stands in for an API call in the showcase. */
const SUBMIT_DEMO_MS = 800;

export function FormSection() {
  const { t } = useTranslation();
  const form = useForm(demoSchema, { email: '', firstName: '', password: '', currency: '', amount: '', agree: false });
  const [sent, setSent] = useState(false);
  const currency = form.values.currency || undefined;

  return (
    <ShowcaseSection id="form" title={t('ui.showcase.form.title')} description={t('ui.showcase.form.description')}>
      <form
        className="showcase-form"
        noValidate
        onSubmit={form.handleSubmit(async () => {
          setSent(false);
          await new Promise((resolve) => setTimeout(resolve, SUBMIT_DEMO_MS));
          setSent(true);
        })}
      >
        <div className="showcase-form__grid">
          <TextField label={t('ui.showcase.form.email')} type="email" autoComplete="email" required {...form.field('email')} />
          <TextField label={t('ui.showcase.form.firstName')} autoComplete="given-name" required {...form.field('firstName')} />
          <TextField
            label={t('ui.showcase.form.password')}
            type="password"
            autoComplete="new-password"
            description={t('ui.showcase.form.passwordHelp')}
            required
            {...form.field('password')}
          />
          <Select
            label={t('ui.showcase.form.currency')}
            placeholder={t('ui.showcase.form.chooseCurrency')}
            options={CURRENCY_OPTIONS}
            required
            {...form.field('currency')}
          />
          <TextField
            label={t('ui.showcase.form.amount')}
            inputMode="decimal"
            placeholder="0.00"
            description={t('ui.showcase.form.amountHelp')}
            suffix={currency}
            required
            {...form.field('amount')}
          />
          <TextField label={t('ui.showcase.form.disabled')} name="disabled" value={t('ui.showcase.form.disabledValue')} disabled />
        </div>
        <Checkbox label={t('ui.showcase.form.agree')} required {...form.field('agree')} />
        <div className="showcase-form__actions">
          <Button type="submit" size="large" loading={form.submitting}>
            {t('ui.showcase.form.submit')}
          </Button>
          <Button
            variant="ghost"
            color="secondary"
            size="large"
            onClick={() => form.setServerErrors({ email: t('ui.showcase.form.serverEmailTaken') })}
          >
            {t('ui.showcase.form.showServerErrors')}
          </Button>
          <Button
            variant="ghost"
            color="secondary"
            size="large"
            onClick={() => {
              form.reset();
              setSent(false);
            }}
          >
            {t('ui.showcase.form.reset')}
          </Button>
        </div>
        <output className="showcase-output" aria-live="polite">
          {sent ? t('ui.showcase.form.sent') : ''}
        </output>
      </form>
    </ShowcaseSection>
  );
}

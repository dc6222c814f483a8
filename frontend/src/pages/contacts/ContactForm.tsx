import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, CONTACT_SUBJECTS, contactSchema, isContactSubject, type ContactInput } from '../../../../common/contacts';
import { showAlert } from '../../accounts/alerts';
import { FormNotice } from '../../accounts/AuthCard';
import { useCaptcha } from '../../accounts/useCaptcha';
import { api } from '../../api/client';
import { ApiError } from '../../api/ApiError';
import { Button } from '../../components/Button';
import { Select, TextArea, TextField, useForm } from '../../components/form';
import { useSessionStore } from '../../stores/session';

/** The contacts form; `?subject=referral` (a known subject) preselects the subject. */
export function ContactForm() {
  const { t } = useTranslation();
  const asked = new URLSearchParams(useSearch()).get('subject');
  const user = useSessionStore((state) => state.user);
  const initial: ContactInput = {
    name: [user?.firstName, user?.secondName].filter(Boolean).join(' '),
    email: user?.email ?? '',
    subject: isContactSubject(asked) ? asked : 'general',
    message: '',
    captcha: null,
  };
  const form = useForm(contactSchema, initial);
  const captcha = useCaptcha('contact');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    const token = await captcha.getToken();
    if (token === null) return;
    try {
      const answer = await api.post<{ message: string }>('/contacts', { ...values, captcha: token });
      showAlert(answer.message);
      setSent(answer.message);
      form.reset({ ...values, message: '' });
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      captcha.reset();
      if (Object.keys(failure.fields).length > 0) form.setServerErrors(failure.fields);
      else setError(failure.message);
    }
  });

  return (
    <form className="card contact-form" noValidate onSubmit={onSubmit} aria-labelledby="contact-form-title" data-testid="contact-form">
      <h2 className="card__title" id="contact-form-title">
        {t('contacts.formTitle')}
      </h2>
      <p className="card__text">{t('contacts.formIntro')}</p>
      {sent && (
        <FormNotice tone="info">
          <span data-testid="contact-sent">{sent}</span>
        </FormNotice>
      )}
      {error && <FormNotice tone="error">{error}</FormNotice>}
      <TextField label={t('contacts.fields.name')} autoComplete="name" required maxLength={CONTACT_NAME_MAX} {...form.field('name')} />
      <TextField label={t('contacts.fields.email')} type="email" autoComplete="email" required {...form.field('email')} />
      <Select
        label={t('contacts.fields.subject')}
        name="subject"
        required
        value={form.values.subject}
        onCommit={(value) => isContactSubject(value) && form.setValue('subject', value)}
        error={form.errors.subject}
        options={CONTACT_SUBJECTS.map((value) => ({ value, label: t(`contacts.subjects.${value}`) }))}
      />
      <TextArea label={t('contacts.fields.message')} required maxLength={CONTACT_MESSAGE_MAX} rows={6} {...form.field('message')} />
      {captcha.element}
      <Button type="submit" size="large" loading={form.submitting}>
        {t('contacts.submit')}
      </Button>
    </form>
  );
}

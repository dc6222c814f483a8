import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../api/publicConfig';
import { Button } from '../../components/Button';
import { PageHeader } from '../../layout/PageHeader';
import { ContactForm } from './ContactForm';
import './contacts.css';

/** `/contacts`: the messenger, the working hours and the contacts form. */
export default function ContactsPage() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  return (
    <div className="container page">
      <PageHeader name="contacts" />
      <div className="contact-cards">
        <section className="card contact-card">
          <h2 className="card__title">{t('pages.contacts.messengerTitle')}</h2>
          <p className="card__text">{t('pages.contacts.messengerText')}</p>
          {config?.supportUrl && (
            <Button href={config.supportUrl} target="_blank">
              {t('pages.contacts.messengerAction')}
            </Button>
          )}
        </section>
        <section className="card contact-card">
          <h2 className="card__title">{t('pages.contacts.hoursTitle')}</h2>
          <p className="card__text">{t('common.footer.supportHours')}</p>
          <p className="card__text">
            <span className="pulse-dot" aria-hidden="true" />
            {t('common.footer.worksAllDay')}
          </p>
        </section>
      </div>
      <ContactForm />
    </div>
  );
}

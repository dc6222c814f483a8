import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { ContentPage } from '../content/ContentPage';

/** Its text is the `partners` content page (backend/content), edited by staff in the console. */
export default function PartnersPage() {
  const { t } = useTranslation();
  return (
    <ContentPage pageKey="partners">
      <div className="page-actions">
        <Button href="/sign-up" size="large">
          {t('pages.partners.join')}
        </Button>
        <Button href="/contacts?subject=referral" variant="ghost" color="secondary" size="large">
          {t('pages.partners.negotiate')}
        </Button>
      </div>
    </ContentPage>
  );
}

import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { CardGrid } from '../../layout/CardGrid';
import { InfoPage } from '../../layout/InfoPage';

export default function PartnersPage() {
  const { t } = useTranslation();
  return (
    <InfoPage name="partners">
      <CardGrid listKey="pages.partners.facts" />
      <div className="page-actions">
        <Button href="/sign-up" size="large">
          {t('pages.partners.join')}
        </Button>
        <Button href="/contacts?subject=referral" variant="ghost" color="secondary" size="large">
          {t('pages.partners.negotiate')}
        </Button>
      </div>
    </InfoPage>
  );
}

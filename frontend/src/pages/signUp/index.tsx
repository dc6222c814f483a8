import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { CardGrid } from '../../layout/CardGrid';
import { InfoPage } from '../../layout/InfoPage';

export default function SignUpPage() {
  const { t } = useTranslation();
  return (
    <InfoPage name="signUp">
      <CardGrid listKey="pages.signUp.benefits" />
      <div className="page-actions">
        <Button href="/login" variant="ghost" color="secondary">
          {t('pages.signUp.haveAccount')}
        </Button>
      </div>
    </InfoPage>
  );
}

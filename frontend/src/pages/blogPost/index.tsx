import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { InfoPage } from '../../layout/InfoPage';
import type { PageProps } from '../../router/pageLoaders';

export default function BlogPostPage({ params }: PageProps) {
  const { t } = useTranslation();
  return (
    <InfoPage name="blogPost" title={t('pages.blogPost.titleWithId', { id: params.id })}>
      <div className="page-actions">
        <Button href="/blog" variant="ghost" color="secondary">
          {t('pages.blogPost.back')}
        </Button>
      </div>
    </InfoPage>
  );
}

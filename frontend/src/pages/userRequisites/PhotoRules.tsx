import { useTranslation } from 'react-i18next';

/** The spec's card photo rules, shown beside the upload. */
export function PhotoRules() {
  const { t } = useTranslation();
  return (
    <div className="requisites-rules" data-testid="requisites-photo-rules">
      <strong>{t('requisites.photoRules.title')}</strong>
      <ul>
        {(['face', 'virtual', 'unedited', 'hidden'] as const).map((rule) => (
          <li key={rule}>{t(`requisites.photoRules.${rule}`)}</li>
        ))}
      </ul>
    </div>
  );
}

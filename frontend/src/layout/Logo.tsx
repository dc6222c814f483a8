import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

/** The brand mark and name, linking to the home page. */
export function Logo() {
  const { t } = useTranslation();
  return (
    <Link href="/" className="logo" aria-label={t('common.logoLabel')}>
      <svg className="logo__mark" viewBox="0 0 64 64" aria-hidden="true">
        <defs>
          <linearGradient id="logo-gradient" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="var(--color-accent)" />
            <stop offset="1" stopColor="var(--color-primary)" />
          </linearGradient>
        </defs>
        <rect width="64" height="64" rx="16" fill="var(--color-surface-raised)" />
        <path
          d="M18 26h24l-7-7M46 38H22l7 7"
          fill="none"
          stroke="url(#logo-gradient)"
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="logo__name">{t('common.brand')}</span>
    </Link>
  );
}

import { useTranslation } from 'react-i18next';
import { isString, useTranslatedList } from '../../lib/useTranslatedList';
import type { Pair } from '../directory';
import { LandingLayout } from './LandingLayout';
import { PopularPairs } from './PopularPairs';

interface Props {
  /** Route name: texts under `pages.<name>` (title, description, heading, lead, points). */
  name: string;
  preset: Pair;
  /** Currency of the payout the page is about (`RUB`, `KGS`). */
  currency: string;
}

/** A landing page for coins into one fiat currency: text, the widget preset, the related pairs. */
export function CurrencyLanding({ name, preset, currency }: Props) {
  const { t } = useTranslation();
  const points = useTranslatedList(`pages.${name}.points`, isString);
  return (
    <LandingLayout
      title={t(`pages.${name}.title`)}
      description={t(`pages.${name}.description`)}
      heading={t(`pages.${name}.heading`)}
      lead={
        <>
          <p>{t(`pages.${name}.lead`)}</p>
          <ul className="landing__points">
            {points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </>
      }
      preset={preset}
    >
      <PopularPairs
        assets={(assets) => assets.filter((asset) => asset.type === 'fiat' && asset.currency === currency).map((asset) => asset.code)}
        filter={(_direction, from, to) => from.type === 'coin' && to.type === 'fiat' && to.currency === currency}
      />
    </LandingLayout>
  );
}

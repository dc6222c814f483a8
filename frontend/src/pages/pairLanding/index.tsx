import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from '../../components/Button';
import { NotFoundPage } from '../../errors/NotFoundPage';
import { useAssetDirections, useCatalogueAssets } from '../../exchange/api';
import { buildDirectory, findDirection } from '../../exchange/directory';
import { LandingLayout } from '../../exchange/landing/LandingLayout';
import { PopularPairs } from '../../exchange/landing/PopularPairs';
import { useAssetName } from '../../exchange/useAssetName';
import { PageLoader } from '../../layout/PageLoader';
import type { PageProps } from '../../router/pageLoaders';
import '../../exchange/states.css';

/** `/exchange/:from/:to`, e.g. /exchange/BTC/SBERRUB: the pair's own page; unknown codes are a 404. */
export default function PairLandingPage({ params }: PageProps) {
  const { t } = useTranslation();
  const nameOf = useAssetName();
  const [path] = useLocation();
  const fromCode = (params.from ?? '').toUpperCase();
  const toCode = (params.to ?? '').toUpperCase();
  const catalogue = useCatalogueAssets();
  const known = catalogue.data?.assets.some((asset) => asset.code === fromCode) === true;
  const directions = useAssetDirections(known ? fromCode : null);

  const failed = catalogue.isError ? catalogue : directions.isError ? directions : null;
  if (failed) {
    return (
      <div className="container page">
        <div className="exchange-state" role="alert">
          <p className="exchange-state__title">{t('exchange.states.error')}</p>
          <p className="exchange-state__text">{failed.error?.message}</p>
          <Button variant="ghost" color="secondary" onClick={() => void failed.refetch()}>
            {t('exchange.states.retry')}
          </Button>
        </div>
      </div>
    );
  }
  if (!catalogue.data || (known && !directions.data)) return <PageLoader />;
  const directory = buildDirectory({ assets: catalogue.data.assets, directions: directions.data?.directions ?? [] });
  const direction = findDirection(directory, fromCode, toCode);
  if (!direction) return <NotFoundPage path={path} />;
  const from = directory.assetByCode.get(fromCode)!;
  const to = directory.assetByCode.get(toCode)!;
  const names = {
    from: from.code,
    to: to.code,
    fromName: nameOf(from),
    toName: nameOf(to),
    fromCurrency: from.currency,
    toCurrency: to.currency,
  };
  return (
    <LandingLayout
      // The same texts the server puts in the page's head (backend/seo), so the title stays as crawled.
      title={t('seo.pair.title', names)}
      description={t('seo.pair.description', names)}
      heading={t('pages.pairLanding.heading', names)}
      lead={<p>{t('exchange.landing.pairText', names)}</p>}
      preset={{ from: from.code, to: to.code }}
    >
      <PopularPairs assets={() => [from.code]} filter={(other) => other.from === from.code && other.to !== to.code} />
    </LandingLayout>
  );
}

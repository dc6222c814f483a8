import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { AssetDto, DirectionDto } from '../../../../common/catalogue';
import { pathFor } from '../../../../common/routes';
import { AssetIcon } from '../AssetIcon';
import { useCatalogueAssets, useDirectionsOf } from '../api';
import { buildDirectory } from '../directory';
import { useAssetName } from '../useAssetName';

interface Props {
  /** The assets whose directions to look through (only those are loaded). */
  assets: (assets: readonly AssetDto[]) => string[];
  /** Which known directions to list. */
  filter: (direction: DirectionDto, from: AssetDto, to: AssetDto) => boolean;
  /** At most this many links. */
  limit?: number;
}

/** Links to the landing pages of related pairs (`/exchange/:from/:to`). */
export function PopularPairs({ assets, filter, limit = 12 }: Props) {
  const { t } = useTranslation();
  const nameOf = useAssetName();
  const catalogue = useCatalogueAssets();
  const directions = useDirectionsOf(catalogue.data ? assets(catalogue.data.assets) : []);
  if (!catalogue.data || !directions) return null;
  const directory = buildDirectory({ assets: catalogue.data.assets, directions });
  const pairs = [...directory.directions.values()]
    .map((direction) => ({
      direction,
      from: directory.assetByCode.get(direction.from)!,
      to: directory.assetByCode.get(direction.to)!,
    }))
    .filter(({ direction, from, to }) => filter(direction, from, to))
    .slice(0, limit);
  if (pairs.length === 0) return null;
  return (
    <section className="landing__pairs" aria-labelledby="landing-pairs">
      <h2 className="section-title" id="landing-pairs">
        {t('exchange.landing.popular')}
      </h2>
      <ul className="pair-links">
        {pairs.map(({ from, to }) => (
          <li key={`${from.code}>${to.code}`}>
            <Link href={pathFor('pairLanding', { from: from.code, to: to.code })} className="pair-link">
              <span className="pair-link__icons">
                <AssetIcon asset={from} size="small" />
                <AssetIcon asset={to} size="small" />
              </span>
              <span className="pair-link__text">{t('exchange.landing.exchangeOf', { from: nameOf(from), to: nameOf(to) })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

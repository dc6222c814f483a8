import type { AssetDto } from '../../common/catalogue';
import type { Asset } from '../models';

/** What is published as the asset's reserve: the admin's figure in manual mode, else the stored balance. */
export function publishedReserve(asset: Pick<Asset, 'reserve' | 'reserveMode' | 'reserveManual'>): string {
  return asset.reserveMode === 'manual' && asset.reserveManual !== null && asset.reserveManual !== undefined ? asset.reserveManual : asset.reserve;
}

/** The public view of an asset: an explicit whitelist, never `toJSON()`. */
export function presentAsset(asset: Asset): AssetDto {
  return {
    code: asset.code,
    name: asset.name,
    nameRu: asset.nameRu,
    type: asset.type,
    currency: asset.currency,
    network: asset.network,
    precision: asset.precision,
    icon: asset.icon,
    reserve: publishedReserve(asset),
    enabled: asset.enabled,
    city: asset.city,
  };
}

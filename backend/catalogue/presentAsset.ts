import type { AssetDto } from '../../common/catalogue';
import type { Asset } from '../models';

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
    reserve: asset.reserve,
    enabled: asset.enabled,
    city: asset.city,
  };
}

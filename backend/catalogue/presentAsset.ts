import type { Attributes } from 'sequelize';
import type { AssetDto } from '../../common/catalogue';
import type { Asset } from '../models';

type ReserveFields = Pick<Asset, 'reserve' | 'reserveMode' | 'reserveManual'>;

/**
 * The column holding the reserve that counts — the one published, and the one a payout draws on
 * (orders/reserve.ts): the admin's figure in manual mode, else the stored balance.
 */
export function reserveColumn(asset: ReserveFields): 'reserve' | 'reserveManual' {
  return asset.reserveMode === 'manual' && asset.reserveManual !== null && asset.reserveManual !== undefined ? 'reserveManual' : 'reserve';
}

/** What is published as the asset's reserve (see reserveColumn). */
export function publishedReserve(asset: ReserveFields): string {
  return asset[reserveColumn(asset)]!;
}

/** The public view of an asset (an instance or a raw row read by fromRawRow): an explicit whitelist, never `toJSON()`. */
export function presentAsset(asset: Attributes<Asset>): AssetDto {
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

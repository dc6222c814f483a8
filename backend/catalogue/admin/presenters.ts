import type { AdminAssetDto, AdminDirectionDto, AdminReserveDto } from '../../../common/catalogueAdmin';
import type { Asset, Direction } from '../../models';
import { presentAsset, publishedReserve } from '../presentAsset';
import { presentSchedule } from '../presentDirection';

/** An asset as admins see and edit it: the public fields and its place in lists. */
export function presentAdminAsset(asset: Asset): AdminAssetDto {
  return { ...presentAsset(asset), sortOrder: asset.sortOrder };
}

/** A direction as admins edit it (explicit whitelist; `markupPercent` is the stored `markup`). */
export function presentAdminDirection(direction: Direction): AdminDirectionDto {
  return {
    from: direction.fromCode,
    to: direction.toCode,
    enabled: direction.enabled,
    markupPercent: direction.markup,
    minAmount: direction.minAmount,
    maxAmount: direction.maxAmount,
    rateTypes: [...direction.rateTypes],
    fixedPeriodMinutes: direction.fixedPeriodMinutes,
    manual: direction.manual,
    schedule: direction.schedule ? presentSchedule(direction.schedule) : null,
    oneWay: direction.oneWay,
  };
}

export function presentReserve(asset: Asset): AdminReserveDto {
  return {
    code: asset.code,
    mode: asset.reserveMode,
    amount: publishedReserve(asset),
    computed: asset.reserve,
    manual: asset.reserveManual ?? null,
  };
}

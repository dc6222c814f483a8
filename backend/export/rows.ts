/**
 * Monitoring export rows: the live direction rates joined with their assets, filtered to what
 * may be published and preformatted once for the XML, JSON and TXT bodies.
 */
import {
  monitoringCode,
  type AssetDto,
  type DirectionRateDto,
  type FeeDto,
} from '../../common/catalogue';
import { compareDecimals } from '../rates/math';

/** What the export needs to know of an asset. */
export type ExportAsset = Pick<AssetDto, 'code' | 'type' | 'currency' | 'city' | 'enabled'>;

/** One direction as monitoring sites read it; field names are the BestChange element names. */
export interface ExportRow {
  from: string;
  to: string;
  in: string;
  out: string;
  /** Reserve of `to`. */
  amount: string;
  /** Limits in `from`, with its currency: `0.002 BTC`. */
  minamount: string;
  maxamount: string;
  minfee?: string;
  fromfee?: string;
  tofee?: string;
  /** City of the cash side. */
  city?: string;
  /** Comma list of flags, e.g. `manual`. */
  param?: string;
}

function formatFee(fee: FeeDto, currency: string): string {
  return fee.unit === 'percent' ? `${fee.value} %` : `${fee.value} ${currency}`;
}

/** Whether a direction may be published: fresh, both assets on sale, and some amount possible. */
export function isPublishable(rate: DirectionRateDto, from: ExportAsset, to: ExportAsset): boolean {
  if (rate.stale || !from.enabled || !to.enabled) return false;
  return compareDecimals(rate.min, rate.max) <= 0;
}

/** The row of one publishable rate (see `isPublishable`). */
export function toExportRow(rate: DirectionRateDto, from: ExportAsset, to: ExportAsset): ExportRow {
  const { fees } = rate;
  // Every row gets every key (absent ones undefined, which JSON leaves out): one object shape
  // keeps the formatters fast.
  return {
    from: monitoringCode(from),
    to: monitoringCode(to),
    in: rate.in,
    out: rate.out,
    amount: rate.reserve,
    minamount: `${rate.min} ${from.currency}`,
    maxamount: `${rate.max} ${from.currency}`,
    minfee: fees?.minFee === undefined ? undefined : `${fees.minFee} ${from.currency}`,
    fromfee: fees?.fromFee && formatFee(fees.fromFee, from.currency),
    tofee: fees?.toFee && formatFee(fees.toFee, to.currency),
    city: to.city ?? from.city ?? undefined,
    param: rate.manual ? 'manual' : undefined,
  };
}

/**
 * Rows for every publishable rate: stale rates, rates of unknown or disabled assets and rates
 * whose reserve cannot cover the minimum are left out.
 */
export function toExportRows(
  rates: readonly DirectionRateDto[],
  assets: readonly ExportAsset[],
): ExportRow[] {
  const byCode = new Map(assets.map((asset) => [asset.code, asset]));
  const rows: ExportRow[] = [];
  for (const rate of rates) {
    const from = byCode.get(rate.from);
    const to = byCode.get(rate.to);
    if (from && to && isPublishable(rate, from, to)) rows.push(toExportRow(rate, from, to));
  }
  return rows;
}

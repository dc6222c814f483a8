/**
 * The admin side of the catalogue (issue 12): what GET/PATCH /api/admin/assets, /directions and
 * /reserves answer and take, and the yup schemas the server validates with and the console's
 * forms reuse. Money and percents are decimal strings, never numbers.
 */
import { array, boolean, mixed, number, object, string, type InferType } from 'yup';
import { ASSET_CODE_PATTERN, RESERVE_MODES, type AssetDto, type ReserveMode } from './catalogue';
import { ASSET_TYPES, RATE_TYPES, type RateType } from './enums';
import { Big, fitsMoneyColumn, isDecimalString } from './money';
import { scheduleSchema, type Schedule } from './schedule';
import { validationMessage } from './validation';

export type AdminAssetDto = AssetDto & { sortOrder: number };

export interface AdminDirectionDto {
  from: string;
  to: string;
  enabled: boolean;
  /** Percent kept by the exchanger (`markup` of the public DTO). */
  markupPercent: string;
  minAmount: string;
  maxAmount: string;
  rateTypes: RateType[];
  fixedPeriodMinutes: number;
  manual: boolean;
  schedule: Schedule | null;
  oneWay: boolean;
}

export interface AdminDirectionList {
  directions: AdminDirectionDto[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AdminReserveDto {
  code: string;
  mode: ReserveMode;
  /** What is published now (widget, exports, order limits). */
  amount: string;
  /** The stored balance: published, and drawn down by paid-out orders, in computed mode. */
  computed: string;
  /** The admin's figure (published, and drawn down by paid-out orders, in manual mode), null when none was set. */
  manual: string | null;
}

export const DIRECTIONS_PAGE_SIZE = 50;
export const MAX_DIRECTIONS_PAGE_SIZE = 200;
/** Markups stay within ±MAX_MARKUP_PERCENT. */
export const MAX_MARKUP_PERCENT = '50';
export const MAX_FIXED_PERIOD_MINUTES = 24 * 60;
/** City codes of cash assets: `MSK`, `SPB`… */
export const CITY_PATTERN = /^[A-Z]{2,16}$/;
export const ICON_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

const general = validationMessage('general_error');

/** A decimal string that fits storage; `positive` refuses zero and below. */
export function decimalField(options: { positive?: boolean; min?: string; max?: string } = {}) {
  return string()
    .strict()
    .test('decimal', validationMessage('invalid_number'), (value) => value === undefined || (isDecimalString(value) && fitsMoneyColumn(value)))
    .test('positive', validationMessage('more_than', { min: 0 }), (value) => !options.positive || value === undefined || !isDecimalString(value) || new Big(value).gt(0))
    .test('range', general, (value) => {
      if (value === undefined || !isDecimalString(value)) return true;
      const n = new Big(value);
      return (options.min === undefined || n.gte(options.min)) && (options.max === undefined || n.lte(options.max));
    });
}

const name = string().strict().trim().min(1, validationMessage('required')).max(128, validationMessage('max_length', { max: 128 }));

export const assetPatchSchema = object({
  enabled: boolean().strict(),
  name: name,
  nameRu: name.nullable(),
  precision: number().strict().integer(validationMessage('integer')).min(0, validationMessage('min_value', { min: 0 })).max(18, validationMessage('max_value', { max: 18 })),
  type: string().strict().oneOf([...ASSET_TYPES], general),
  icon: string().strict().matches(ICON_PATTERN, { message: general }),
  city: string().strict().matches(CITY_PATTERN, { message: general }).nullable(),
}).noUnknown(general).strict();
export type AssetPatch = InferType<typeof assetPatchSchema>;

export const directionPatchSchema = object({
  enabled: boolean().strict(),
  markupPercent: decimalField({ min: `-${MAX_MARKUP_PERCENT}`, max: MAX_MARKUP_PERCENT }),
  minAmount: decimalField({ positive: true }),
  maxAmount: decimalField({ positive: true }),
  rateTypes: array(string().strict().required(general).oneOf([...RATE_TYPES], general))
    .strict()
    .min(1, validationMessage('min_items', { min: 1 }))
    .max(RATE_TYPES.length, validationMessage('max_items', { max: RATE_TYPES.length })),
  fixedPeriodMinutes: number().strict().integer(validationMessage('integer')).min(1, validationMessage('min_value', { min: 1 })).max(MAX_FIXED_PERIOD_MINUTES, validationMessage('max_value', { max: MAX_FIXED_PERIOD_MINUTES })),
  manual: boolean().strict(),
  schedule: scheduleSchema,
  oneWay: boolean().strict(),
})
  .noUnknown(general);
export type DirectionPatch = InferType<typeof directionPatchSchema>;

export const directionListSchema = object({
  /** Part of either asset code (case-insensitive). */
  q: string().optional().max(24, general).matches(/^[A-Za-z0-9]*$/, { message: general }),
  from: string().optional().matches(ASSET_CODE_PATTERN, { message: general }),
  to: string().optional().matches(ASSET_CODE_PATTERN, { message: general }),
  enabled: mixed<'true' | 'false'>().optional().oneOf(['true', 'false'], general),
  manual: mixed<'true' | 'false'>().optional().oneOf(['true', 'false'], general),
  page: number().optional().integer(general).min(1, general).max(100_000, general),
  pageSize: number().optional().integer(general).min(1, general).max(MAX_DIRECTIONS_PAGE_SIZE, general),
});
export type DirectionListQuery = InferType<typeof directionListSchema>;

export const reservePutSchema = object({
  mode: string().strict().required(validationMessage('required')).oneOf([...RESERVE_MODES], general),
  amount: decimalField().test('nonNegative', validationMessage('min_value', { min: 0 }), (value) => value === undefined || !isDecimalString(value) || new Big(value).gte(0)),
})
  .noUnknown(general)
  .test('manualAmount', function manualAmount(value) {
    if (value?.mode !== 'manual' || value.amount !== undefined) return true;
    return this.createError({ path: 'amount', message: validationMessage('required') });
  });
export type ReservePut = InferType<typeof reservePutSchema>;

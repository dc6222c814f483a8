/**
 * A small catalogue and its rates for the exchange tests, with round numbers so every expected
 * amount can be checked by hand: 1 BTC = 7 000 000 RUB, 1 USDT = 90 RUB, 1 BTC = 80 000 USDT.
 */
import type { AssetDto, DirectionDto, DirectionRateDto } from '../../../../common/catalogue';
import type { RatesDto } from '../../../../common/events';
import { compareDecimals, Dec, maxSendForReserve } from '../../../../common/rateMath';
import type { CatalogueResponse } from '../api';
import { ok, type Answer } from './apiServer';

function asset(code: string, overrides: Partial<AssetDto>): AssetDto {
  return {
    code,
    name: code,
    nameRu: null,
    type: 'coin',
    currency: code,
    network: null,
    precision: 8,
    icon: code.toLowerCase(),
    reserve: '100',
    enabled: true,
    city: null,
    ...overrides,
  };
}

export const ASSETS: AssetDto[] = [
  asset('BTC', { name: 'Bitcoin', reserve: '14.25' }),
  asset('ETH', { name: 'Ethereum', reserve: '180' }),
  asset('USDTTRC20', { name: 'Tether TRC20', currency: 'USDT', network: 'TRC20', precision: 6, icon: 'usdt-trc20', reserve: '1250000' }),
  asset('SBERRUB', { name: 'Sberbank', nameRu: 'Сбербанк', type: 'fiat', currency: 'RUB', precision: 2, icon: 'sberbank', reserve: '1500000' }),
  asset('CARDKGS', { name: 'Visa/Mastercard KGS', type: 'fiat', currency: 'KGS', precision: 2, icon: 'card-kgs', reserve: '950000' }),
  asset('CASHRUBMSK', { name: 'Cash RUB (Moscow)', nameRu: 'Наличные RUB (Москва)', type: 'cash', currency: 'RUB', precision: 0, icon: 'cash-rub', reserve: '4500000', city: 'MSK' }),
  asset('XMR', { name: 'Monero', precision: 12, enabled: false }),
];

function direction(from: string, to: string, overrides: Partial<DirectionDto> = {}): DirectionDto {
  return {
    from,
    to,
    markup: '1',
    minAmount: '0.001',
    maxAmount: '0.5',
    rateTypes: ['fixed', 'float'],
    fixedPeriodMinutes: 20,
    manual: false,
    oneWay: false,
    extraFields: [],
    enabled: true,
    ...overrides,
  };
}

export const DIRECTIONS: DirectionDto[] = [
  direction('BTC', 'SBERRUB', { extraFields: [{ name: 'cardHolder', required: true, pattern: '^[A-Za-z]+(?:[ -][A-Za-z]+)+$' }] }),
  direction('SBERRUB', 'BTC', { minAmount: '5000', maxAmount: '700000', rateTypes: ['fixed'], fixedPeriodMinutes: 15 }),
  direction('BTC', 'USDTTRC20'),
  direction('USDTTRC20', 'BTC', { minAmount: '20', maxAmount: '50000' }),
  direction('USDTTRC20', 'SBERRUB', { minAmount: '20', maxAmount: '15000' }),
  direction('BTC', 'CARDKGS', { oneWay: true, rateTypes: ['fixed'], fixedPeriodMinutes: 15 }),
  direction('ETH', 'SBERRUB', { minAmount: '0.01', maxAmount: '10' }),
  direction('BTC', 'CASHRUBMSK', { minAmount: '0.02', maxAmount: '2', rateTypes: ['fixed'], fixedPeriodMinutes: 60, manual: true }),
  direction('BTC', 'XMR'),
  direction('USDTTRC20', 'CARDKGS', { enabled: false }),
];

export const CATALOGUE: CatalogueResponse = { assets: ASSETS, directions: DIRECTIONS };

export const UPDATED_AT = '2026-11-21T12:00:00.000Z';

function rate(from: string, to: string, value: string, overrides: Partial<DirectionRateDto> = {}): DirectionRateDto {
  const definition = DIRECTIONS.find((item) => item.from === from && item.to === to)!;
  const fromAsset = ASSETS.find((item) => item.code === from)!;
  const reserve = ASSETS.find((item) => item.code === to)!.reserve;
  // As the server does: the direction's maximum, capped by what the reserve of `to` pays out.
  const payout = new Dec(definition.maxAmount).times(new Dec(value)).toFixed();
  const max = compareDecimals(payout, reserve) > 0 ? maxSendForReserve(reserve, value, fromAsset.precision) : definition.maxAmount;
  return {
    from,
    to,
    rate: value,
    in: '1',
    out: value,
    reserve,
    min: definition.minAmount,
    max,
    rateTypes: definition.rateTypes,
    manual: definition.manual,
    updatedAt: UPDATED_AT,
    stale: false,
    ...overrides,
  };
}

export const RATES: DirectionRateDto[] = [
  rate('BTC', 'SBERRUB', '7000000'),
  rate('SBERRUB', 'BTC', '0.0000001404494382', { in: '7120000', out: '1' }),
  rate('BTC', 'USDTTRC20', '80000'),
  rate('USDTTRC20', 'BTC', '0.0000124', { in: '80645.16129', out: '1' }),
  rate('USDTTRC20', 'SBERRUB', '90'),
  rate('BTC', 'CARDKGS', '8200000'),
  rate('ETH', 'SBERRUB', '250000', { stale: true }),
  rate('BTC', 'CASHRUBMSK', '6950000'),
];

export function ratesSnapshot(overrides: Partial<RatesDto> = {}): RatesDto {
  return {
    version: 5,
    rates: RATES,
    reserves: ASSETS.map((item) => ({ code: item.code, amount: item.reserve })),
    updatedAt: UPDATED_AT,
    ...overrides,
  };
}

/**
 * The API routes serving `catalogue` in parts, as the server does (backend/catalogue/parts.ts):
 * the offered assets with their senders, and each asset's directions.
 */
export function catalogueParts(catalogue: CatalogueResponse): Record<string, Answer> {
  const assets = catalogue.assets.filter((asset) => asset.enabled);
  const codes = new Set(assets.map((asset) => asset.code));
  const directions = catalogue.directions.filter((direction) => direction.enabled && codes.has(direction.from) && codes.has(direction.to));
  const senders = assets.filter((asset) => directions.some((direction) => direction.from === asset.code)).map((asset) => asset.code);
  const routes: Record<string, Answer> = { 'GET /catalogue/assets': ok({ assets, senders }) };
  for (const { code } of assets) {
    routes[`GET /catalogue/assets/${code}/directions`] = ok({ code, directions: directions.filter((direction) => direction.from === code || direction.to === code) });
  }
  return routes;
}

/**
 * A deterministic catalogue for load work: by default 1,000 assets, each its own currency, and
 * 20,000 directions. The same seed always yields the same catalogue, reference prices included.
 */
import type { AssetDto, DirectionDto, ExtraFieldDto } from '../../common/catalogue';
import type { AssetType } from '../../common/enums';
import { Dec } from '../../backend/rates/math';
import { amountWorth } from './limits';

export interface GenerateOptions {
  /** Number of assets, each with its own currency. */
  assets?: number;
  /** Directions leaving each asset; must stay below the number of assets. */
  directionsPerAsset?: number;
  seed?: number;
}

export interface GeneratedCatalogue {
  assets: AssetDto[];
  directions: DirectionDto[];
  /** USDT value of one unit of each currency, to build quotes from. */
  referencePrices: Map<string, string>;
}

const NETWORKS = [null, 'TRC20', 'ERC20', 'BEP20'] as const;
const COIN_PRECISIONS = [6, 8, 9, 18] as const;
const CITIES = ['MSK', 'SPB', 'EKB', 'KZN', 'NSK'] as const;

/** mulberry32: a small, well-distributed 32-bit generator; yields unsigned integers. */
export function integers(seed: number): (below: number) => number {
  let state = seed >>> 0;
  return (below) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) % below;
  };
}

function typeAt(index: number): AssetType {
  const slot = index % 10;
  if (slot < 7) return 'coin';
  return slot < 9 ? 'fiat' : 'cash';
}

/** A three-significant-digit price between 10^low and 10^(high+3), as a decimal string. */
function priceBetween(next: (below: number) => number, low: number, high: number): string {
  const mantissa = 100 + next(900);
  const exponent = low + next(high - low + 1);
  return new Dec(`${mantissa}e${exponent}`).toFixed();
}

function buildAsset(index: number, next: (below: number) => number): { asset: AssetDto; price: string } {
  const type = typeAt(index);
  const currency = `G${String(index + 1).padStart(4, '0')}`;
  const network = type === 'coin' ? NETWORKS[next(NETWORKS.length)] : null;
  const city = type === 'cash' ? CITIES[next(CITIES.length)] : null;
  const precision = type === 'coin' ? COIN_PRECISIONS[next(COIN_PRECISIONS.length)] : type === 'fiat' ? 2 : 0;
  const price = type === 'coin' ? priceBetween(next, -7, 2) : priceBetween(next, -5, -3);
  let code = `${currency}${network ?? ''}`;
  if (type === 'fiat') code = `CARD${currency}`;
  if (type === 'cash') code = `CASH${currency}${city}`;
  const reserveWorth = new Dec(`${10 + next(990)}000`);
  const reserve = reserveWorth.div(new Dec(price)).round(precision, Dec.roundDown).toFixed();
  const name = `Generated ${type} ${currency}`;
  // Coins keep their Latin name in Russian too; cards and cash have a Russian one.
  const nameRu = type === 'fiat' ? `Сгенерированная карта ${currency}` : type === 'cash' ? `Сгенерированные наличные ${currency}` : null;
  return {
    asset: { code, name, nameRu, type, currency, network, precision, icon: 'generated', reserve, enabled: true, city },
    price,
  };
}

function extraFieldsFor(to: AssetDto, index: number): ExtraFieldDto[] {
  if (to.type === 'fiat') return [{ name: 'cardHolder', required: true, pattern: '^[A-Za-z]+(?:[ -][A-Za-z]+)+$' }];
  if (to.type === 'cash') return [{ name: 'phone', required: true, pattern: '^\\+\\d{10,15}$' }];
  return index % 7 === 0 ? [{ name: 'memo', required: false }] : [];
}

export function generateCatalogue(options: GenerateOptions = {}): GeneratedCatalogue {
  const { assets: count = 1000, directionsPerAsset = 20, seed = 1 } = options;
  if (directionsPerAsset >= count) {
    throw new RangeError(`directionsPerAsset (${directionsPerAsset}) must be below assets (${count})`);
  }
  const next = integers(seed);
  const assets: AssetDto[] = [];
  const referencePrices = new Map<string, string>();
  for (let index = 0; index < count; index += 1) {
    const { asset, price } = buildAsset(index, next);
    assets.push(asset);
    referencePrices.set(asset.currency, price);
  }

  // Neighbours on a ring: some forward only, the nearer ones both ways (so the reverse exists).
  const backward = Math.floor((directionsPerAsset * 2) / 5);
  const offsets: number[] = [];
  for (let step = 1; step <= directionsPerAsset - backward; step += 1) offsets.push(step);
  for (let step = 1; step <= backward; step += 1) offsets.push(count - step);

  const directions: DirectionDto[] = [];
  const pairs = new Set<string>();
  assets.forEach((from, index) => {
    const price = referencePrices.get(from.currency) as string;
    const cashInvolved = from.type === 'cash';
    const minAmount = amountWorth(cashInvolved ? '500' : '20', price, from.precision, 'up');
    const maxAmount = amountWorth('20000', price, from.precision, 'down');
    for (const offset of offsets) {
      const to = assets[(index + offset) % count];
      const manual = cashInvolved || to.type === 'cash';
      const markupTenths = 2 + next(29);
      directions.push({
        from: from.code,
        to: to.code,
        markup: new Dec(`${markupTenths}e-1`).toFixed(),
        minAmount,
        maxAmount,
        rateTypes: next(2) === 0 ? ['fixed', 'float'] : ['fixed'],
        fixedPeriodMinutes: manual ? 60 : 20,
        manual,
        oneWay: false,
        extraFields: extraFieldsFor(to, index + offset),
        enabled: true,
      });
      pairs.add(`${from.code}>${to.code}`);
    }
  });
  for (const direction of directions) direction.oneWay = !pairs.has(`${direction.to}>${direction.from}`);
  return { assets, directions, referencePrices };
}

/**
 * Directions of the seeded demo catalogue, expanded from a short list of rules: coins among
 * themselves, coins to and from Russian cards, coins to Kyrgyz som cards, cash through an office.
 * A pair is offered once (the first rule naming it wins); `oneWay` marks pairs whose reverse is
 * not offered.
 */
import type { AssetDto, DirectionDto, ExtraFieldDto } from '../../common/catalogue';
import type { RateType } from '../../common/enums';
import { SEED_ASSETS, SEED_REFERENCE_PRICES } from './catalogue-assets';
import { amountWorth } from './limits';

interface Tier {
  /** Order limits in USDT. */
  min: string;
  max: string;
  rateTypes: RateType[];
  fixedPeriodMinutes: number;
  manual: boolean;
}

const TIERS = {
  crypto: { min: '20', max: '50000', rateTypes: ['fixed', 'float'], fixedPeriodMinutes: 20, manual: false },
  cardPayout: { min: '30', max: '15000', rateTypes: ['fixed', 'float'], fixedPeriodMinutes: 15, manual: false },
  cardPayment: { min: '30', max: '10000', rateTypes: ['fixed'], fixedPeriodMinutes: 15, manual: false },
  wire: { min: '500', max: '100000', rateTypes: ['fixed'], fixedPeriodMinutes: 60, manual: true },
  som: { min: '20', max: '5000', rateTypes: ['fixed'], fixedPeriodMinutes: 15, manual: false },
  cash: { min: '1000', max: '150000', rateTypes: ['fixed'], fixedPeriodMinutes: 60, manual: true },
} satisfies Record<string, Tier>;

interface Rule {
  from: readonly string[];
  to: readonly string[];
  /** Percent. */
  markup: string;
  tier: Tier;
}

const STABLES = ['USDTTRC20', 'USDTERC20', 'USDTBEP20', 'USDCERC20'];
const MAJORS = ['BTC', 'ETH', ...STABLES, 'LTC', 'TRX', 'TON'];
const HUBS = ['BTC', 'ETH', 'USDTTRC20'];
const OTHER_COINS = ['USDTTON', 'USDCSOL', 'DAI', 'BCH', 'SOL', 'BNBBEP20', 'XRP', 'DOGE', 'ADA', 'XMR', 'DASH', 'ETC', 'XLM', 'ATOM', 'DOT'];
const RUB_CARDS = ['SBERRUB', 'TCSBRUB', 'ACRUB', 'TBRUB', 'MIRCRUB', 'CARDRUB'];
const RUB_RETAIL = [...RUB_CARDS, 'SBPRUB'];
const RUB_BUYABLE = ['BTC', 'ETH', 'USDTTRC20', 'USDTERC20', 'LTC', 'TON'];
const KGS_ACCOUNTS = ['CARDKGS', 'MBANKKGS', 'OPTIMAKGS'];
const CASH = SEED_ASSETS.filter((asset) => asset.type === 'cash').map((asset) => asset.code);
const CASH_COINS = ['BTC', 'ETH', 'USDTTRC20', 'USDTERC20'];

const RULES: Rule[] = [
  { from: STABLES, to: STABLES, markup: '0.3', tier: TIERS.crypto },
  { from: MAJORS, to: MAJORS, markup: '0.8', tier: TIERS.crypto },
  { from: OTHER_COINS, to: HUBS, markup: '1.2', tier: TIERS.crypto },
  { from: HUBS, to: OTHER_COINS, markup: '1.2', tier: TIERS.crypto },
  { from: MAJORS, to: ['SBPRUB'], markup: '1.5', tier: TIERS.cardPayout },
  { from: MAJORS, to: RUB_CARDS, markup: '1.8', tier: TIERS.cardPayout },
  { from: RUB_RETAIL, to: RUB_BUYABLE, markup: '2.5', tier: TIERS.cardPayment },
  { from: ['WIRERUB'], to: ['USDTTRC20', 'BTC'], markup: '1', tier: TIERS.wire },
  { from: ['BTC', 'ETH', 'USDTTRC20', 'USDTBEP20'], to: KGS_ACCOUNTS, markup: '2.2', tier: TIERS.som },
  { from: ['CARDKGS', 'MBANKKGS'], to: ['USDTTRC20'], markup: '3', tier: TIERS.som },
  { from: CASH_COINS, to: CASH, markup: '1.5', tier: TIERS.cash },
  { from: CASH, to: CASH_COINS, markup: '2', tier: TIERS.cash },
];

const MEMO = '^[A-Za-z0-9 _.:-]{1,64}$';
const CARD_HOLDER = '^[A-Za-z]+(?:[ -][A-Za-z]+)+$';
const PHONE_RU = '^\\+7\\d{10}$';
const PHONE_KG = '^\\+996\\d{9}$';
const PHONE_ANY = '^\\+\\d{10,15}$';

const MEMO_COINS = new Set(['TON', 'USDTTON', 'XLM', 'ATOM']);
const CARD_ACCOUNTS = new Set([...RUB_CARDS, 'CARDKGS', 'OPTIMAKGS']);

/** Fields the client fills in for the asset it sends. */
function paymentFields(asset: AssetDto): ExtraFieldDto[] {
  if (CARD_ACCOUNTS.has(asset.code)) return [{ name: 'cardHolder', required: true, pattern: CARD_HOLDER }];
  if (asset.code === 'SBPRUB') return [{ name: 'phone', required: true, pattern: PHONE_RU }];
  if (asset.code === 'MBANKKGS') return [{ name: 'phone', required: true, pattern: PHONE_KG }];
  if (asset.type === 'cash') return [{ name: 'phone', required: true, pattern: PHONE_ANY }];
  return [];
}

/** Fields the client fills in for the asset it receives. */
function payoutFields(asset: AssetDto): ExtraFieldDto[] {
  if (MEMO_COINS.has(asset.code)) return [{ name: 'memo', required: false, pattern: MEMO }];
  if (asset.code === 'XRP') return [{ name: 'tag', required: false, pattern: '^\\d{1,10}$' }];
  if (asset.code === 'SBPRUB') {
    return [
      { name: 'phone', required: true, pattern: PHONE_RU },
      { name: 'bankName', required: true },
    ];
  }
  // Cards, phone-number accounts and cash ask the same on either side.
  return paymentFields(asset);
}

function limitsFor(asset: AssetDto, tier: Tier): { minAmount: string; maxAmount: string } {
  const price = SEED_REFERENCE_PRICES[asset.currency];
  if (!price) throw new Error(`No reference price for ${asset.currency}`);
  return {
    minAmount: amountWorth(tier.min, price, asset.precision, 'up'),
    maxAmount: amountWorth(tier.max, price, asset.precision, 'down'),
  };
}

function buildDirections(): DirectionDto[] {
  const assets = new Map(SEED_ASSETS.map((asset) => [asset.code, asset]));
  const find = (code: string): AssetDto => {
    const asset = assets.get(code);
    if (!asset) throw new Error(`Seed rule names an unknown asset ${code}`);
    return asset;
  };
  const byPair = new Map<string, DirectionDto>();
  for (const rule of RULES) {
    for (const fromCode of rule.from) {
      for (const toCode of rule.to) {
        const key = `${fromCode}>${toCode}`;
        if (fromCode === toCode || byPair.has(key)) continue;
        const from = find(fromCode);
        const to = find(toCode);
        const { rateTypes, fixedPeriodMinutes, manual } = rule.tier;
        byPair.set(key, {
          from: fromCode,
          to: toCode,
          markup: rule.markup,
          ...limitsFor(from, rule.tier),
          rateTypes: [...rateTypes],
          fixedPeriodMinutes,
          manual,
          oneWay: false,
          extraFields: [...paymentFields(from), ...payoutFields(to)],
          enabled: true,
        });
      }
    }
  }
  const directions = [...byPair.values()];
  for (const direction of directions) direction.oneWay = !byPair.has(`${direction.to}>${direction.from}`);
  return directions;
}

export const SEED_DIRECTIONS: DirectionDto[] = buildDirections();

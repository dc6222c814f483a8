/**
 * Assets of the seeded demo catalogue: major coins on their networks, Russian bank cards and
 * fast payments, Kyrgyz som cards and cash in a few cities. Reserves are demo figures.
 */
import type { AssetDto } from '../../common/catalogue';

function coin(
  code: string,
  name: string,
  currency: string,
  network: string | null,
  precision: number,
  reserve: string,
): AssetDto {
  const icon = network ? `${currency}-${network}`.toLowerCase() : currency.toLowerCase();
  // Coins keep their Latin names in Russian too.
  return { code, name, nameRu: null, type: 'coin', currency, network, precision, icon, reserve, enabled: true, city: null };
}

function fiat(code: string, [name, nameRu]: [string, string], currency: string, icon: string, reserve: string): AssetDto {
  return { code, name, nameRu, type: 'fiat', currency, network: null, precision: 2, icon, reserve, enabled: true, city: null };
}

/** Cash is counted in whole notes and held per city: `CASHRUB` in `MSK` is `CASHRUBMSK`. */
function cash(currency: string, city: string, [cityName, cityNameRu]: [string, string], reserve: string): AssetDto {
  return {
    code: `CASH${currency}${city}`,
    name: `Cash ${currency} (${cityName})`,
    nameRu: `Наличные ${currency} (${cityNameRu})`,
    type: 'cash',
    currency,
    network: null,
    precision: 0,
    icon: `cash-${currency.toLowerCase()}`,
    reserve,
    enabled: true,
    city,
  };
}

export const SEED_COINS: AssetDto[] = [
  coin('BTC', 'Bitcoin', 'BTC', null, 8, '14.25318'),
  coin('ETH', 'Ethereum', 'ETH', null, 8, '186.4021'),
  coin('USDTTRC20', 'Tether TRC20', 'USDT', 'TRC20', 6, '1250000'),
  coin('USDTERC20', 'Tether ERC20', 'USDT', 'ERC20', 6, '640000'),
  coin('USDTBEP20', 'Tether BEP20', 'USDT', 'BEP20', 6, '380000'),
  coin('USDTTON', 'Tether TON', 'USDT', 'TON', 6, '150000'),
  coin('USDCERC20', 'USD Coin ERC20', 'USDC', 'ERC20', 6, '420000'),
  coin('USDCSOL', 'USD Coin Solana', 'USDC', 'SOL', 6, '210000'),
  coin('DAI', 'Dai', 'DAI', 'ERC20', 6, '95000'),
  coin('TRX', 'Tron', 'TRX', null, 6, '2800000'),
  coin('LTC', 'Litecoin', 'LTC', null, 8, '2150.5'),
  coin('BCH', 'Bitcoin Cash', 'BCH', null, 8, '640.12'),
  coin('TON', 'Toncoin', 'TON', null, 9, '52000'),
  coin('SOL', 'Solana', 'SOL', null, 9, '3100.75'),
  coin('BNBBEP20', 'BNB BEP20', 'BNB', 'BEP20', 8, '740.3'),
  coin('XRP', 'Ripple', 'XRP', null, 6, '480000'),
  coin('DOGE', 'Dogecoin', 'DOGE', null, 8, '2900000'),
  coin('ADA', 'Cardano', 'ADA', null, 6, '650000'),
  coin('XMR', 'Monero', 'XMR', null, 12, '1300.5'),
  coin('DASH', 'Dash', 'DASH', null, 8, '4200'),
  coin('ETC', 'Ethereum Classic', 'ETC', null, 8, '9800'),
  coin('XLM', 'Stellar', 'XLM', null, 7, '1900000'),
  coin('ATOM', 'Cosmos', 'ATOM', null, 6, '26000'),
  coin('DOT', 'Polkadot', 'DOT', null, 10, '28000'),
];

export const SEED_RUB_FIAT: AssetDto[] = [
  fiat('SBERRUB', ['Sberbank', 'Сбербанк'], 'RUB', 'sberbank', '18500000'),
  fiat('TCSBRUB', ['T-Bank', 'Т-Банк (Тинькофф)'], 'RUB', 'tbank', '12400000'),
  fiat('ACRUB', ['Alfa-Bank', 'Альфа-Банк'], 'RUB', 'alfabank', '9600000'),
  fiat('TBRUB', ['VTB', 'ВТБ'], 'RUB', 'vtb', '7300000'),
  fiat('SBPRUB', ['SBP fast payments', 'СБП (система быстрых платежей)'], 'RUB', 'sbp', '15000000'),
  fiat('MIRCRUB', ['Mir card', 'Карта «Мир»'], 'RUB', 'mir', '6800000'),
  fiat('CARDRUB', ['Visa/Mastercard RUB', 'Карта Visa/Mastercard RUB'], 'RUB', 'card-rub', '5200000'),
  fiat('WIRERUB', ['Bank transfer RUB', 'Банковский перевод RUB'], 'RUB', 'wire-rub', '25000000'),
];

export const SEED_KGS_FIAT: AssetDto[] = [
  fiat('CARDKGS', ['Visa/Mastercard KGS', 'Карта Visa/Mastercard KGS'], 'KGS', 'card-kgs', '9500000'),
  fiat('MBANKKGS', ['MBank', 'МБанк'], 'KGS', 'mbank', '7200000'),
  fiat('OPTIMAKGS', ['Optima Bank', 'Оптима Банк'], 'KGS', 'optima', '5400000'),
];

export const SEED_CASH: AssetDto[] = [
  cash('RUB', 'MSK', ['Moscow', 'Москва'], '45000000'),
  cash('RUB', 'SPB', ['Saint Petersburg', 'Санкт-Петербург'], '20000000'),
  cash('RUB', 'EKB', ['Yekaterinburg', 'Екатеринбург'], '8000000'),
  cash('RUB', 'KZN', ['Kazan', 'Казань'], '5000000'),
  cash('USD', 'MSK', ['Moscow', 'Москва'], '450000'),
  cash('USD', 'SPB', ['Saint Petersburg', 'Санкт-Петербург'], '200000'),
  cash('USD', 'EKB', ['Yekaterinburg', 'Екатеринбург'], '80000'),
];

export const SEED_ASSETS: AssetDto[] = [...SEED_COINS, ...SEED_RUB_FIAT, ...SEED_KGS_FIAT, ...SEED_CASH];

/**
 * Rough USDT value of one unit of each seeded currency, at the levels the simulated feed walks
 * around (backend/rates/providers/simulatedMarket.ts) where it quotes them: it sets sensible
 * order limits. Not a live price.
 */
export const SEED_REFERENCE_PRICES: Readonly<Record<string, string>> = {
  BTC: '97250',
  ETH: '3320',
  USDT: '1',
  USDC: '1',
  DAI: '1',
  TRX: '0.2985',
  LTC: '104.5',
  BCH: '520',
  TON: '1.72',
  SOL: '142.6',
  BNB: '905.3',
  XRP: '2.18',
  DOGE: '0.1641',
  ADA: '0.68',
  XMR: '330',
  DASH: '40',
  ETC: '17',
  XLM: '0.27',
  ATOM: '4.5',
  DOT: '3.9',
  RUB: '0.0123',
  KGS: '0.01143',
  USD: '1',
};

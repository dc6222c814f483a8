import type { CSSProperties } from 'react';
import type { AssetDto } from '../../../common/catalogue';
import { classNames } from '../components/classNames';
import { contrastRatio, hslToHex } from '../lib/colors';
import './asset-icon.css';

interface Badge {
  /** `#rrggbb` */
  color: string;
  label: string;
}

const LIGHT_INK = '#ffffff';
/** --color-text-inverse of the design tokens. */
const DARK_INK = '#061018';

/** Brand colors and marks by icon slug; anything else gets a color from its slug. */
const BADGES: Record<string, Badge> = {
  btc: { color: '#f7931a', label: 'BTC' },
  eth: { color: '#627eea', label: 'Ξ' },
  'usdt-trc20': { color: '#26a17b', label: '₮' },
  'usdt-erc20': { color: '#26a17b', label: '₮' },
  'usdt-bep20': { color: '#26a17b', label: '₮' },
  'usdt-ton': { color: '#26a17b', label: '₮' },
  'usdc-erc20': { color: '#2775ca', label: '$' },
  'usdc-sol': { color: '#2775ca', label: '$' },
  'dai-erc20': { color: '#f5ac37', label: '◈' },
  trx: { color: '#e50025', label: 'TRX' },
  ltc: { color: '#345d9d', label: 'Ł' },
  bch: { color: '#8dc351', label: 'BCH' },
  ton: { color: '#0098ea', label: 'TON' },
  sol: { color: '#9945ff', label: 'SOL' },
  'bnb-bep20': { color: '#f3ba2f', label: 'BNB' },
  xrp: { color: '#3a4556', label: 'XRP' },
  doge: { color: '#c2a633', label: 'Ð' },
  ada: { color: '#0033ad', label: '₳' },
  xmr: { color: '#ff6600', label: 'XMR' },
  dash: { color: '#008ce7', label: 'D' },
  etc: { color: '#328332', label: 'ETC' },
  xlm: { color: '#5b6b85', label: '*' },
  atom: { color: '#4b4f7a', label: '⚛' },
  dot: { color: '#e6007a', label: '●' },
  sberbank: { color: '#21a038', label: 'С' },
  tbank: { color: '#ffdd2d', label: 'Т' },
  alfabank: { color: '#ef3124', label: 'А' },
  vtb: { color: '#1f4bd8', label: 'ВТБ' },
  sbp: { color: '#5b57a2', label: 'СБП' },
  mir: { color: '#0f754e', label: 'МИР' },
  'card-rub': { color: '#4c7dff', label: '₽' },
  'wire-rub': { color: '#52607f', label: '₽' },
  'card-kgs': { color: '#c8102e', label: 'с' },
  mbank: { color: '#00a650', label: 'M' },
  optima: { color: '#d4213d', label: 'O' },
  'cash-rub': { color: '#2e7d4f', label: '₽' },
  'cash-usd': { color: '#4f7d38', label: '$' },
};

function fallbackBadge(asset: AssetDto): Badge {
  let hash = 0;
  for (const char of asset.icon) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  // Dark enough for white ink to reach 4.5:1 at every hue.
  return { color: hslToHex(hash, 55, 30), label: asset.currency.slice(0, 3) };
}

/** The ink that reads better on the fill: the marks are small text, WCAG AA asks 4.5:1 of it. */
export function badgeInk(color: string): string {
  return contrastRatio(LIGHT_INK, color) >= contrastRatio(DARK_INK, color) ? LIGHT_INK : DARK_INK;
}

/** The mark of an asset: its brand color and label, or a color from its icon slug. */
export function assetBadge(asset: AssetDto): Badge & { ink: string } {
  const badge = BADGES[asset.icon] ?? fallbackBadge(asset);
  return { ...badge, ink: badgeInk(badge.color) };
}

interface Props {
  asset: AssetDto;
  size?: 'small' | 'medium';
  className?: string;
}

/** A round mark of the asset in its brand color, with its network beside it for tokens. */
export function AssetIcon({ asset, size = 'medium', className }: Props) {
  const badge = assetBadge(asset);
  return (
    <span
      className={classNames('asset-icon', `asset-icon--${size}`, className)}
      style={{ '--asset-color': badge.color, '--asset-ink': badge.ink } as CSSProperties}
      data-length={Math.min(badge.label.length, 3)}
      aria-hidden="true"
    >
      {badge.label}
    </span>
  );
}

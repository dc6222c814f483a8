import { CurrencyLanding } from '../../exchange/landing/CurrencyLanding';

/** Coins to a Kyrgyz bank som card (spec §2: a per-pair landing page). */
export default function CryptoToKgsPage() {
  return <CurrencyLanding name="cryptoToKgs" preset={{ from: 'USDTTRC20', to: 'CARDKGS' }} currency="KGS" />;
}

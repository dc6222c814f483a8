import { CurrencyLanding } from '../../exchange/landing/CurrencyLanding';

/** Coins to Russian bank roubles (spec §2: a per-pair landing page). */
export default function CryptoToRubPage() {
  return <CurrencyLanding name="cryptoToRub" preset={{ from: 'BTC', to: 'SBERRUB' }} currency="RUB" />;
}

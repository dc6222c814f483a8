import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

/** Assets shown around the hero: a picture of what can be exchanged, not a quote. */
const ORBIT_ASSETS = ['BTC', 'ETH', 'USDT', 'TON', 'LTC', 'TRX', 'RUB', 'KGS'] as const;

/** The hero illustration: two asset tokens linked by the exchange arrows, circled by more assets. */
export function ExchangeVisual() {
  const { t } = useTranslation();
  return (
    <div className="exchange-visual" role="img" aria-label={t('pages.home.visualLabel')}>
      <div className="exchange-visual__glow" />
      <ul className="exchange-visual__orbit" aria-hidden="true">
        {ORBIT_ASSETS.map((asset, index) => (
          <li key={asset} className="exchange-visual__asset" style={{ '--index': index } as CSSProperties}>
            {asset}
          </li>
        ))}
      </ul>
      <div className="exchange-visual__card" aria-hidden="true">
        <div className="exchange-visual__row">
          <span className="exchange-visual__label">{t('pages.home.visualSend')}</span>
          <span className="exchange-visual__token exchange-visual__token--crypto">BTC</span>
        </div>
        <div className="exchange-visual__swap">⇅</div>
        <div className="exchange-visual__row">
          <span className="exchange-visual__label">{t('pages.home.visualReceive')}</span>
          <span className="exchange-visual__token exchange-visual__token--fiat">RUB</span>
        </div>
        <div className="exchange-visual__rate-kinds">
          <span>{t('pages.home.visualFixed')}</span>
          <span>{t('pages.home.visualFloating')}</span>
        </div>
      </div>
    </div>
  );
}

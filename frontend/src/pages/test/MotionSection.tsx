import { useTranslation } from 'react-i18next';
import { Button, Hint, Marquee, type HintPlacement } from '../../components';
import { Sample, ShowcaseSection } from './ShowcaseSection';

const PLACEMENTS: HintPlacement[] = ['top', 'bottom', 'left', 'right'];
const CURRENCIES = ['Bitcoin · BTC', 'Ethereum · ETH', 'Tether · USDT', 'Toncoin · TON', 'Litecoin · LTC', 'Monero · XMR', 'TRON · TRX', 'USD Coin · USDC'];

export function MotionSection() {
  const { t } = useTranslation();
  const ticker = CURRENCIES.map((currency) => (
    <span key={currency} className="showcase-ticker__item">
      {currency}
    </span>
  ));

  return (
    <>
      <ShowcaseSection id="marquee" title={t('ui.showcase.marquee.title')} description={t('ui.showcase.marquee.description')}>
        <Sample label={t('ui.showcase.marquee.defaults')}>
          <Marquee className="showcase-ticker">{ticker}</Marquee>
        </Sample>
        <Sample label={t('ui.showcase.marquee.custom')}>
          <Marquee className="showcase-ticker" duration={12} delay={1} direction="right">
            {ticker}
          </Marquee>
        </Sample>
        <Sample label={t('ui.showcase.marquee.limited')}>
          <Marquee className="showcase-ticker" duration={8} loop={2}>
            <span className="showcase-ticker__item">{t('ui.showcase.marquee.support')}</span>
          </Marquee>
        </Sample>
      </ShowcaseSection>

      <ShowcaseSection id="hint" title={t('ui.showcase.hint.title')} description={t('ui.showcase.hint.description')}>
        <Sample label={t('ui.showcase.hint.placements')}>
          {PLACEMENTS.map((placement) => (
            <Hint key={placement} placement={placement} content={t(`ui.showcase.hint.placement.${placement}`)}>
              <Button variant="ghost" color="secondary">
                {t(`ui.showcase.hint.show.${placement}`)}
              </Button>
            </Hint>
          ))}
        </Sample>
        <Sample label={t('ui.showcase.hint.variants')}>
          <Hint content={t('ui.showcase.hint.copied')}>
            <Button variant="ghost" color="primary">
              {t('ui.showcase.hint.copy')}
            </Button>
          </Hint>
          <Hint content={t('ui.showcase.hint.stayingText')} lifetime={0}>
            <Button variant="ghost" color="secondary">
              {t('ui.showcase.hint.staying')}
            </Button>
          </Hint>
          <Hint content={t('ui.showcase.hint.plainText')} arrow={false} offset={[0, 12]}>
            <Button variant="ghost" color="secondary">
              {t('ui.showcase.hint.plain')}
            </Button>
          </Hint>
        </Sample>
      </ShowcaseSection>
    </>
  );
}

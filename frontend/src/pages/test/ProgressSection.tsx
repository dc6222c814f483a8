import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, CircularProgress, Spinner } from '../../components';
import { Sample, ShowcaseSection } from './ShowcaseSection';

const ORDER_SECONDS = 15 * 60;
const COUNTDOWN_SECONDS = 5;

function formatClock(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The order page's payment timer: a ring emptying as the 15 minutes run out. */
function OrderTimer() {
  const { t } = useTranslation();
  const [secondsLeft, setSecondsLeft] = useState(ORDER_SECONDS);
  useEffect(() => {
    const timer = setInterval(() => setSecondsLeft((left) => (left > 0 ? left - 1 : ORDER_SECONDS)), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <CircularProgress percent={(secondsLeft / ORDER_SECONDS) * 100} label={t('ui.showcase.progress.timeToPay')}>
      <span className="showcase-timer__value">{formatClock(secondsLeft)}</span>
      <span className="showcase-timer__caption">{t('ui.showcase.progress.timeToPay')}</span>
    </CircularProgress>
  );
}

export function ProgressSection() {
  const { t } = useTranslation();
  const [percent, setPercent] = useState(50);
  const [run, setRun] = useState(0);
  const [finishedRun, setFinishedRun] = useState<number | null>(null);

  return (
    <>
      <ShowcaseSection id="spinner" title={t('ui.showcase.spinner.title')} description={t('ui.showcase.spinner.description')}>
        <Sample label={t('ui.showcase.spinner.indefinite')}>
          <Spinner size="small" />
          <Spinner />
          <Spinner size="large" />
        </Sample>
        <Sample label={t('ui.showcase.spinner.countdown', { count: COUNTDOWN_SECONDS })}>
          <Spinner key={run} size="large" delay={COUNTDOWN_SECONDS} onDone={() => setFinishedRun(run)} />
          <output className="showcase-output" aria-live="polite">
            {finishedRun === run ? t('ui.showcase.spinner.done') : t('ui.showcase.spinner.counting')}
          </output>
          <Button variant="ghost" size="small" onClick={() => setRun((current) => current + 1)}>
            {t('ui.showcase.spinner.restart')}
          </Button>
        </Sample>
      </ShowcaseSection>

      <ShowcaseSection id="progress" title={t('ui.showcase.progress.title')} description={t('ui.showcase.progress.description')}>
        <div className="showcase-grid">
          <figure className="showcase-figure">
            <CircularProgress label={t('ui.showcase.progress.defaults')} />
            <figcaption>{t('ui.showcase.progress.defaults')}</figcaption>
          </figure>
          <figure className="showcase-figure">
            <CircularProgress percent={percent} label={t('ui.showcase.progress.adjustable')}>
              <span className="showcase-timer__value">{t('ui.showcase.progress.percent', { percent })}</span>
            </CircularProgress>
            <figcaption className="showcase-figure__actions">
              <Button size="small" variant="ghost" color="secondary" onClick={() => setPercent((p) => Math.max(0, p - 10))}>
                {t('ui.showcase.progress.less')}
              </Button>
              <Button size="small" variant="ghost" color="secondary" onClick={() => setPercent((p) => Math.min(100, p + 10))}>
                {t('ui.showcase.progress.more')}
              </Button>
            </figcaption>
          </figure>
          <figure className="showcase-figure">
            <OrderTimer />
            <figcaption>{t('ui.showcase.progress.orderTimer')}</figcaption>
          </figure>
          <figure className="showcase-figure">
            <CircularProgress size={96} border={8} percent={75} label={t('ui.showcase.progress.compact')}>
              <span className="showcase-timer__small">{t('ui.showcase.progress.percent', { percent: 75 })}</span>
            </CircularProgress>
            <figcaption>{t('ui.showcase.progress.compact')}</figcaption>
          </figure>
        </div>
      </ShowcaseSection>
    </>
  );
}

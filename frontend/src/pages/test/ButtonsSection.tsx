import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonColor, type ButtonSize, type ButtonVariant } from '../../components';
import { Sample, ShowcaseSection } from './ShowcaseSection';

const VARIANTS: ButtonVariant[] = ['filled', 'ghost'];
const COLORS: ButtonColor[] = ['primary', 'accent', 'secondary', 'accent-pro'];
const SIZES: ButtonSize[] = ['small', 'medium', 'large'];
const LOADING_DEMO_MS = 2000;

export function ButtonsSection() {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const [lastAction, setLastAction] = useState<string | null>(null);

  useEffect(() => {
    if (!loading) return undefined;
    const timer = setTimeout(() => setLoading(false), LOADING_DEMO_MS);
    return () => clearTimeout(timer);
  }, [loading]);

  return (
    <ShowcaseSection id="buttons" title={t('ui.showcase.buttons.title')} description={t('ui.showcase.buttons.description')}>
      {VARIANTS.map((variant) => (
        <Sample key={variant} label={t(`ui.showcase.buttons.variant.${variant}`)}>
          {COLORS.map((color) => (
            <Button key={color} variant={variant} color={color}>
              {t(`ui.showcase.buttons.color.${color}`)}
            </Button>
          ))}
        </Sample>
      ))}
      <Sample label={t('ui.showcase.buttons.sizes')}>
        {SIZES.map((size) => (
          <Button key={size} size={size}>
            {t(`ui.showcase.buttons.size.${size}`)}
          </Button>
        ))}
      </Sample>
      <Sample label={t('ui.showcase.buttons.states')}>
        <Button disabled>{t('ui.showcase.buttons.disabled')}</Button>
        <Button variant="ghost" disabled>
          {t('ui.showcase.buttons.disabled')}
        </Button>
        <Button loading={loading} onClick={() => setLoading(true)}>
          {t('ui.showcase.buttons.confirmExchange')}
        </Button>
        <Button variant="ghost" color="primary" loading>
          {t('ui.showcase.buttons.loading')}
        </Button>
      </Sample>
      <Sample label={t('ui.showcase.buttons.links')}>
        <Button href="/faq" color="primary">
          {t('ui.showcase.buttons.toFaq')}
        </Button>
        <Button href="/reserves" variant="ghost" color="secondary">
          {t('ui.showcase.buttons.toReserves')}
        </Button>
      </Sample>
      <form
        className="showcase-sample"
        onSubmit={(event) => {
          event.preventDefault();
          setLastAction(t('ui.showcase.buttons.types.submitted'));
        }}
        onReset={() => setLastAction(t('ui.showcase.buttons.types.reset'))}
      >
        <p className="showcase-sample__label">{t('ui.showcase.buttons.types.label')}</p>
        <div className="showcase-sample__items">
          <Button variant="ghost" onClick={() => setLastAction(t('ui.showcase.buttons.types.clicked'))}>
            {t('ui.showcase.buttons.types.button')}
          </Button>
          <Button type="submit" variant="ghost" color="primary">
            {t('ui.showcase.buttons.types.submit')}
          </Button>
          <Button type="reset" variant="ghost" color="secondary">
            {t('ui.showcase.buttons.types.resetButton')}
          </Button>
          <output className="showcase-output" aria-live="polite">
            {lastAction ?? t('ui.showcase.buttons.types.idle')}
          </output>
        </div>
      </form>
    </ShowcaseSection>
  );
}

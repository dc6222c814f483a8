import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components';
import { ShowcaseSection } from './ShowcaseSection';

/** Thrown on purpose while rendering, so the app's error boundary shows the 500 page. */
export class SimulatedFailure extends Error {
  constructor() {
    super('Simulated failure from the /test page');
    this.name = 'SimulatedFailure';
  }
}

function Failing(): never {
  throw new SimulatedFailure();
}

export function FailureSection() {
  const { t } = useTranslation();
  const [failing, setFailing] = useState(false);
  return (
    <ShowcaseSection id="failure" title={t('ui.showcase.failure.title')} description={t('ui.showcase.failure.description')}>
      <div>
        <Button variant="ghost" color="accent-pro" data-testid="simulate-failure" onClick={() => setFailing(true)}>
          {t('ui.showcase.failure.button')}
        </Button>
      </div>
      {failing && <Failing />}
    </ShowcaseSection>
  );
}

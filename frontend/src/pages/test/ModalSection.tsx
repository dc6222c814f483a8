import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '../../components';
import { Sample, ShowcaseSection } from './ShowcaseSection';

export function ModalSection() {
  const { t } = useTranslation();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [nestedOpen, setNestedOpen] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);

  function answerWith(text: string): void {
    setAnswer(text);
    setConfirmOpen(false);
  }

  return (
    <ShowcaseSection id="modal" title={t('ui.showcase.modal.title')} description={t('ui.showcase.modal.description')}>
      <Sample label={t('ui.showcase.modal.variants')}>
        <Button aria-haspopup="dialog" onClick={() => setConfirmOpen(true)}>
          {t('ui.showcase.modal.openConfirm')}
        </Button>
        <Button variant="ghost" color="primary" aria-haspopup="dialog" onClick={() => setDetailsOpen(true)}>
          {t('ui.showcase.modal.openDetails')}
        </Button>
        <output className="showcase-output" aria-live="polite">
          {answer ?? t('ui.showcase.modal.noAnswer')}
        </output>
      </Sample>

      <Modal
        open={confirmOpen}
        size="small"
        title={t('ui.showcase.modal.confirmTitle')}
        onClose={() => setConfirmOpen(false)}
        footer={
          <>
            <Button variant="ghost" color="secondary" onClick={() => answerWith(t('ui.showcase.modal.cancelled'))}>
              {t('ui.showcase.modal.cancel')}
            </Button>
            <Button onClick={() => answerWith(t('ui.showcase.modal.confirmed'))}>{t('ui.showcase.modal.confirm')}</Button>
          </>
        }
      >
        <p>{t('ui.showcase.modal.confirmText')}</p>
      </Modal>

      <Modal open={detailsOpen} size="large" title={t('ui.showcase.modal.detailsTitle')} onClose={() => setDetailsOpen(false)}>
        <p>{t('ui.showcase.modal.detailsText')}</p>
        <div>
          <Button variant="ghost" color="accent-pro" aria-haspopup="dialog" onClick={() => setNestedOpen(true)}>
            {t('ui.showcase.modal.openNested')}
          </Button>
        </div>
        <Modal open={nestedOpen} size="small" title={t('ui.showcase.modal.nestedTitle')} onClose={() => setNestedOpen(false)}>
          <p>{t('ui.showcase.modal.nestedText')}</p>
        </Modal>
      </Modal>
    </ShowcaseSection>
  );
}

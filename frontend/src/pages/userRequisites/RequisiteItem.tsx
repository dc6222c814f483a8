import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequisiteDto } from '../../../../common/requisites';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FileUpload } from '../order/FileUpload';
import { REQUISITES_KEY, requisitesApi } from './api';
import { PhotoRules } from './PhotoRules';

/** One saved card or wallet: masked number, status (and a rejection's reason), the photo upload while a card waits for one, delete with a confirmation. */
export function RequisiteItem({ requisite, assetLabel }: { requisite: RequisiteDto; /** The asset's name in the interface language (its code until the catalogue arrives). */ assetLabel: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: REQUISITES_KEY });
  const { status } = requisite;
  const wantsPhoto = requisite.kind === 'card' && (status === 'rejected' || (status === 'pending' && !requisite.photoUploaded));

  return (
    <li className="requisites-item" data-testid={`requisite-${requisite.id}`}>
      <div className="requisites-item__head">
        <strong className="requisites-item__number">{requisite.masked}</strong>
        <span className={`requisites-status requisites-status--${status}`} data-testid={`requisite-status-${requisite.id}`}>
          {t(`requisites.status.${status}`)}
        </span>
      </div>
      <div className="requisites-item__facts">
        <span>{assetLabel}</span>
        {requisite.holder && <span>{requisite.holder}</span>}
        {requisite.expires && <span>{t('requisites.expires', { date: requisite.expires })}</span>}
        {status === 'pending' && <span className="order-muted">{t(requisite.photoUploaded ? 'requisites.photoSent' : 'requisites.awaitingPhoto')}</span>}
      </div>
      {status === 'rejected' && (
        <p className="order-notice order-notice--error" role="alert">
          {t('requisites.reason', { reason: requisite.rejectReason ?? t('requisites.rejectedDefault') })}
        </p>
      )}
      {wantsPhoto && (
        <div className="requisites-item__photo">
          <FileUpload
            url={requisitesApi.photoUrl(requisite.id)}
            label={t('requisites.fields.photo')}
            hint={t('requisites.photoRules.unedited')}
            alert="requisites.photoSent"
            onUploaded={refresh}
            testId={`requisite-upload-${requisite.id}`}
          />
          <PhotoRules />
        </div>
      )}
      <div className="requisites-item__actions">
        <Button variant="ghost" color="secondary" onClick={() => setConfirming(true)} data-testid={`requisite-delete-${requisite.id}`}>
          {t('requisites.delete')}
        </Button>
      </div>
      {confirming && <DeleteDialog requisite={requisite} onClose={() => setConfirming(false)} onDeleted={refresh} />}
    </li>
  );
}

function DeleteDialog({ requisite, onClose, onDeleted }: { requisite: RequisiteDto; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('requisites.deleteTitle', { masked: requisite.masked })}
      text={t('requisites.deleteText')}
      confirmLabel={t('requisites.delete')}
      cancelLabel={t('requisites.cancel')}
      failedText={t('requisites.deleteFailed')}
      confirmTestId="requisite-delete-confirm"
      onClose={onClose}
      onConfirm={async () => {
        await requisitesApi.remove(requisite.id);
        onClose();
        onDeleted();
      }}
    />
  );
}

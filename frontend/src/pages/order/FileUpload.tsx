import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDto } from '../../../../common/orders';
import { showAlert } from '../../accounts/alerts';
import { isOrderDto } from '../../orders/api';
import { ImagePicker } from '../../orders/ImagePicker';
import { useUpload } from '../../orders/useUpload';

interface Props {
  /** Where the file goes (`orderApi.uploadUrl`). */
  url: string;
  label: string;
  hint: string;
  /** Translation key of the success alert. */
  alert: string;
  onUploaded: (order: OrderDto | null) => void;
  testId: string;
}

/** A file input that uploads the chosen image at once, with a progress bar and the server's verdict. */
export function FileUpload({ url, label, hint, alert, onUploaded, testId }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const { state, upload } = useUpload<unknown>(url, (answer) => {
    showAlert(t(alert));
    onUploaded(isOrderDto(answer) ? answer : null);
  });
  const uploading = state.status === 'uploading';

  return (
    <div className="order-upload" data-testid={testId}>
      <label className="order-upload__label" htmlFor={id}>
        {label}
      </label>
      <ImagePicker id={id} name="file" disabled={uploading} describedBy={`${id}-hint`} onFile={(file) => void upload(file)} />
      <p className="order-upload__hint" id={`${id}-hint`}>
        {hint}
      </p>
      {uploading && (
        <div className="order-upload__progress">
          <progress max={100} value={state.percent} aria-label={label} />
          <span role="status">{state.percent < 100 ? t('order.upload.progress', { percent: state.percent }) : t('order.upload.checking')}</span>
        </div>
      )}
      {state.error && (
        <p className="order-notice order-notice--error" role="alert">
          {state.error}
        </p>
      )}
    </div>
  );
}

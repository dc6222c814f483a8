/**
 * The image file input of the upload forms (order files, identity documents): the input itself
 * hidden but labelled (class `order-upload__input`), opened by a translated Choose a file button.
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_ACCEPT } from '../../../common/orders';
import { Button } from '../components/Button';

interface Props {
  id: string;
  name: string;
  disabled: boolean;
  describedBy: string;
  invalid?: boolean;
  size?: 'small' | 'medium';
  /** The chosen file (the input is emptied, so the same file can be chosen again). */
  onFile: (file: File) => void;
}

export function ImagePicker({ id, name, disabled, describedBy, invalid, size, onFile }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        id={id}
        className="order-upload__input"
        type="file"
        name={name}
        accept={UPLOAD_ACCEPT.join(',')}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) onFile(file);
        }}
      />
      <Button variant="ghost" color="secondary" size={size} disabled={disabled} onClick={() => input.current?.click()}>
        {t('order.upload.choose')}
      </Button>
    </>
  );
}

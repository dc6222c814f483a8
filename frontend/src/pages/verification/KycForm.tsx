/**
 * The two files of a submission — the document and the selfie — sent in one request, each with
 * its own progress bar (the document's bytes go first in the body, then the selfie's).
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KYC_FILE_FIELDS, type KycFileKind, type KycStatusDto } from '../../../../common/kyc';
import { MAX_UPLOAD_BYTES, UPLOAD_ACCEPT } from '../../../../common/orders';
import { ApiError } from '../../api/ApiError';
import { showAlert } from '../../accounts/alerts';
import { Button } from '../../components/Button';
import { kycApi } from '../../kyc/api';
import { ImagePicker } from '../../orders/ImagePicker';

const MAX_MB = MAX_UPLOAD_BYTES / (1024 * 1024);

type Files = Partial<Record<KycFileKind, File>>;

/** Percent of each file sent, from the bytes sent of the whole body. */
export function filePercents(files: Record<KycFileKind, File>, loaded: number, total: number): Record<KycFileKind, number> {
  const sizes = KYC_FILE_FIELDS.map((field) => files[field].size);
  const overhead = Math.max(0, total - sizes[0]! - sizes[1]!);
  const body = Math.max(0, loaded - overhead / 2);
  const first = sizes[0]! === 0 ? 100 : Math.min(100, Math.floor((body / sizes[0]!) * 100));
  const second = sizes[1]! === 0 ? 100 : Math.min(100, Math.max(0, Math.floor(((body - sizes[0]!) / sizes[1]!) * 100)));
  return loaded >= total ? { document: 100, selfie: 100 } : { document: first, selfie: second };
}

function fileProblem(file: File | undefined): string | null {
  if (!file) return 'kyc.form.required';
  if (!(UPLOAD_ACCEPT as readonly string[]).includes(file.type)) return 'kyc.form.wrongType';
  if (file.size > MAX_UPLOAD_BYTES) return 'kyc.form.tooLarge';
  return null;
}

function FileField({ kind, file, percent, uploading, error, onChange }: {
  kind: KycFileKind;
  file: File | undefined;
  percent: number | null;
  uploading: boolean;
  error: string | null;
  onChange: (file: File | undefined) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="kyc-file" data-testid={`kyc-${kind}`}>
      <label className="kyc-file__label" htmlFor={id}>
        {t(`kyc.form.${kind}`)}
      </label>
      <div className="kyc-file__choice">
        <ImagePicker id={id} name={kind} size="small" disabled={uploading} describedBy={`${id}-hint`} invalid={error !== null} onFile={onChange} />
        <span className="kyc-file__name">{file ? file.name : t('kyc.form.noFile')}</span>
      </div>
      <p className="kyc-file__hint" id={`${id}-hint`}>
        {t(`kyc.form.${kind}Hint`)}
      </p>
      {percent !== null && (
        <div className="order-upload__progress">
          <progress max={100} value={percent} aria-label={t(`kyc.form.${kind}`)} data-testid={`kyc-progress-${kind}`} />
          <span>{t('kyc.form.progress', { percent })}</span>
        </div>
      )}
      {error && (
        <p className="kyc-file__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function KycForm({ onSubmitted }: { onSubmitted: (status: KycStatusDto) => void }) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<Files>({});
  const [errors, setErrors] = useState<Partial<Record<KycFileKind, string>>>({});
  const [percents, setPercents] = useState<Record<KycFileKind, number> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const uploading = percents !== null;
  const sent = percents !== null && percents.document === 100 && percents.selfie === 100;

  async function submit(): Promise<void> {
    const problems: Partial<Record<KycFileKind, string>> = {};
    for (const field of KYC_FILE_FIELDS) {
      const problem = fileProblem(files[field]);
      if (problem) problems[field] = t(problem, { size: MAX_MB });
    }
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length > 0) return;
    const chosen = files as Record<KycFileKind, File>;
    setPercents({ document: 0, selfie: 0 });
    try {
      const status = await kycApi.submit(chosen.document, chosen.selfie, (loaded, total) => setPercents(filePercents(chosen, loaded, total)));
      showAlert(t('kyc.form.sent'));
      onSubmitted(status);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fields = error.fields ?? {};
      setErrors({ document: fields.document, selfie: fields.selfie });
      setFailure(error.message);
    } finally {
      setPercents(null);
    }
  }

  return (
    <form
      className="kyc-form"
      aria-labelledby="kyc-form-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id="kyc-form-title" className="kyc-form__title">
        {t('kyc.form.title')}
      </h2>
      <div className="kyc-form__files">
        {KYC_FILE_FIELDS.map((kind) => (
          <FileField
            key={kind}
            kind={kind}
            file={files[kind]}
            percent={percents ? percents[kind] : null}
            uploading={uploading}
            error={errors[kind] ?? null}
            onChange={(file) => setFiles((current) => ({ ...current, [kind]: file }))}
          />
        ))}
      </div>
      <p className="kyc-form__formats">{t('kyc.form.formats', { size: MAX_MB })}</p>
      {sent && <p role="status">{t('kyc.form.checking')}</p>}
      {failure && (
        <p className="order-notice order-notice--error" role="alert" data-testid="kyc-error">
          {failure}
        </p>
      )}
      <Button type="submit" loading={uploading} data-testid="kyc-submit">
        {t('kyc.form.submit')}
      </Button>
    </form>
  );
}

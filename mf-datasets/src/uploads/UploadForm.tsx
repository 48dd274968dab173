import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import {
  DATASET_UPLOAD_DESCRIPTION_MAX_LENGTH,
  DATASET_UPLOAD_TYPES,
  ERROR_MESSAGES,
} from '@platform/contracts/client';
import { translateError } from '@platform/i18n';
import { useUploadProgress } from '@platform/remote-kit/upload';
import {
  Button,
  Card,
  FileField,
  FormProblem,
  FormStack,
  ProgressBar,
  Select,
  TextArea,
  useToast,
} from '@platform/ui';
import { readApiError, specificErrorMessage } from '../api/errorMessage';
import { useUploadDatasetFileMutation } from '../api/uploadsApi';
import { useDatasetsT } from '../i18n';
import { EMPTY_UPLOAD, isUploadType, UPLOAD_ACCEPT, uploadProblem, type UploadDraft } from './uploadForm';

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
`;

/**
 * The SPEC's upload form: file, type, description; a real progress bar; reset on success. `roomBytes`, the
 * space left in the person's storage when known, refuses a larger file before it is sent.
 */
export function UploadForm({
  onUnauthorised,
  roomBytes = null,
}: {
  onUnauthorised: () => void;
  roomBytes?: number | null;
}) {
  const t = useDatasetsT();
  const toast = useToast();
  const problemId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<UploadDraft>(EMPTY_UPLOAD);
  const [problem, setProblem] = useState<string | null>(null);
  const progress = useUploadProgress();
  const [upload, state] = useUploadDatasetFileMutation();
  const busy = state.isLoading;

  const change = (next: Partial<UploadDraft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setProblem(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = uploadProblem(draft, roomBytes);
    if (found) {
      setProblem(translateError(found, ERROR_MESSAGES[found]));
      return;
    }
    if (!draft.file || !isUploadType(draft.type)) return;
    setProblem(null);
    const file = draft.file;
    const type = draft.type;
    const description = draft.description.trim().normalize('NFC');
    try {
      const done = await progress.track((onProgress) =>
        upload({ file, type, description, onProgress }).unwrap(),
      );
      setDraft(EMPTY_UPLOAD);
      if (fileRef.current) fileRef.current.value = '';
      toast.show({ variant: 'success', title: t('uploads.form.success', { name: done.fileName }) });
    } catch (error) {
      const failure = readApiError(error);
      if (failure.status === 401) return onUnauthorised();
      const message = specificErrorMessage(failure) ?? t('uploads.form.failed');
      setProblem(message);
    }
  };

  const { percent, sent } = progress;

  return (
    <Card title={t('uploads.form.title')} description={t('uploads.form.description')} padding="lg">
      <FormStack noValidate onSubmit={(e) => void submit(e)} aria-busy={busy || undefined}>
        <FileField
          ref={fileRef}
          label={t('uploads.form.file')}
          hint={t('uploads.form.fileHint')}
          accept={UPLOAD_ACCEPT}
          required
          disabled={busy}
          aria-describedby={problem ? problemId : undefined}
          aria-invalid={problem && !draft.file ? true : undefined}
          onChange={(e) => change({ file: e.target.files?.[0] ?? null })}
        />
        <Select
          label={t('uploads.form.type')}
          placeholder={t('uploads.form.typePlaceholder')}
          required
          disabled={busy}
          value={draft.type}
          onChange={(e) => change({ type: e.target.value })}
          options={DATASET_UPLOAD_TYPES.map((type) => ({ value: type, label: t(`uploads.types.${type}`) }))}
        />
        <TextArea
          label={t('uploads.form.descriptionLabel')}
          placeholder={t('uploads.form.descriptionPlaceholder')}
          required
          disabled={busy}
          rows={3}
          maxLength={DATASET_UPLOAD_DESCRIPTION_MAX_LENGTH}
          value={draft.description}
          onChange={(e) => change({ description: e.target.value })}
        />
        {percent !== null ? (
          <ProgressBar
            label={sent ? t('uploads.form.checking') : t('uploads.form.progress')}
            value={percent}
            max={100}
            valueText={t('uploads.form.progressValue', { percent })}
            showValue
          />
        ) : null}
        {problem ? (
          <FormProblem id={problemId} role="alert">
            {problem}
          </FormProblem>
        ) : null}
        <Actions>
          <Button type="submit" disabled={busy}>
            {busy ? t('uploads.form.uploading') : t('uploads.form.submit')}
          </Button>
        </Actions>
      </FormStack>
    </Card>
  );
}

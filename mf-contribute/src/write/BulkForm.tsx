import { useRef, useState } from 'react';
import styled from 'styled-components';
import { SENTENCE_BULK_FILE_MAX_BYTES } from '@platform/contracts/client';
import { useUploadProgress } from '@platform/remote-kit/upload';
import { FileField, ProgressBar } from '@platform/ui';
import { useUploadSentenceFileMutation } from '../api/contributeApi';
import { useContributeT } from '../i18n';
import { useContributionQueue } from '../queue/useContributionQueue';
import type { WriteFormProps } from './SingleSentenceForm';
import { useWriteForm, WriteFormFrame } from './writeForm';
import { messageFor } from './writeErrors';

const Progress = styled.div`
  p {
    margin: ${({ theme }) => theme.space[1]} 0 0;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const OfflineNote = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.info.subtle};
  color: ${({ theme }) => theme.colors.info.subtleText};
`;

const ACCEPTED_EXTENSIONS = ['.txt', '.csv'];

/** Refuses, before any byte is sent, a file the service would refuse for its name or size. */
function fileProblem(file: File): string | null {
  const name = file.name.toLowerCase();
  if (!ACCEPTED_EXTENSIONS.some((ext) => name.endsWith(ext))) return messageFor('sentence.file_type');
  if (file.size > SENTENCE_BULK_FILE_MAX_BYTES) return messageFor('sentence.file_too_large');
  return null;
}

/**
 * Write, a .txt or .csv file of sentences: POST /api/sentences/bulk, with a progress bar from its bytes. A file
 * is not kept on the device: offline the form says so, and single sentences and batches are the way.
 */
export function BulkForm(props: WriteFormProps) {
  const t = useContributeT();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const progress = useUploadProgress();
  const [upload, state] = useUploadSentenceFileMutation();
  const form = useWriteForm(props, { lines: true });
  const { shared } = form;
  const { online } = useContributionQueue().snapshot;

  const submit = async () => {
    if (!online) return form.fail(t('write.bulkOffline'));
    if (!file) return form.fail(messageFor('sentence.file_missing'));
    const problem = fileProblem(file);
    if (problem) return form.fail(problem);
    form.setResult(null);
    await progress.track((onProgress) =>
      form.send(
        () => upload({ file, ...shared, onProgress }).unwrap(),
        t('write.fileSubmitted'),
        (answer) => {
          form.setResult(answer);
          setFile(null);
          if (inputRef.current) inputRef.current.value = '';
        },
      ),
    );
  };

  const fileError = form.mainError;
  const { percent, sent } = progress;

  return (
    <WriteFormFrame
      form={form}
      onSubmit={submit}
      busy={state.isLoading}
      kind="upload"
      after={
        percent !== null ? (
          <Progress>
            <ProgressBar
              label={sent ? t('write.processing') : t('write.progress')}
              value={percent}
              max={100}
              valueText={t('write.progressValue', { percent })}
            />
            <p aria-live="polite">{t('write.progressValue', { percent })}</p>
          </Progress>
        ) : null
      }
    >
      {online ? null : <OfflineNote>{t('write.bulkOffline')}</OfflineNote>}
      <FileField
        ref={inputRef}
        label={t('write.file')}
        hint={t('write.fileHint')}
        error={fileError}
        accept=".txt,.csv,text/plain,text/csv"
        disabled={state.isLoading}
        onChange={(event) => {
          setFile(event.target.files?.[0] ?? null);
          form.setLocalError(null);
        }}
      />
    </WriteFormFrame>
  );
}

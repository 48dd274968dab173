import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { SENTENCE_BULK_FILE_MAX_BYTES } from '@platform/contracts/client';
import { ProgressBar } from '@platform/ui';
import { useUploadSentenceFileMutation } from '../api/contributeApi';
import type { UploadProgress } from '@platform/store';
import { useContributeT } from '../i18n';
import type { WriteFormProps } from './SingleSentenceForm';
import { useWriteForm, WriteFormFrame } from './writeForm';
import { messageFor } from './writeErrors';

const FileField = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  label {
    font-weight: ${({ theme }) => theme.fontWeights.medium};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  input {
    padding: ${({ theme }) => theme.space[3]};
    border: 2px dashed ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surfaceSunken};
  }
  input[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger.main};
  }
  p {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  p[role='alert'] {
    color: ${({ theme }) => theme.colors.danger.main};
  }
`;

const Progress = styled.div`
  p {
    margin: ${({ theme }) => theme.space[1]} 0 0;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const ACCEPTED_EXTENSIONS = ['.txt', '.csv'];

/** Refuses, before any byte is sent, a file the service would refuse for its name or size. */
function fileProblem(file: File): string | null {
  const name = file.name.toLowerCase();
  if (!ACCEPTED_EXTENSIONS.some((ext) => name.endsWith(ext))) return messageFor('sentence.file_type');
  if (file.size > SENTENCE_BULK_FILE_MAX_BYTES) return messageFor('sentence.file_too_large');
  return null;
}

/** Write, a .txt or .csv file of sentences: POST /api/sentences/bulk, with a progress bar from its bytes. */
export function BulkForm(props: WriteFormProps) {
  const t = useContributeT();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [upload, state] = useUploadSentenceFileMutation();
  const form = useWriteForm(props, { lines: true });
  const { shared } = form;

  const submit = async () => {
    if (!file) return form.fail(messageFor('sentence.file_missing'));
    const problem = fileProblem(file);
    if (problem) return form.fail(problem);
    form.setResult(null);
    setProgress({ loaded: 0, total: file.size });
    try {
      await form.send(
        () => upload({ file, ...shared, onProgress: setProgress }).unwrap(),
        t('write.fileSubmitted'),
        (answer) => {
          form.setResult(answer);
          setFile(null);
          if (inputRef.current) inputRef.current.value = '';
        },
      );
    } finally {
      setProgress(null);
    }
  };

  const fileError = form.mainError;
  const percent = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  const sent = progress !== null && progress.total > 0 && progress.loaded >= progress.total;

  return (
    <WriteFormFrame
      form={form}
      onSubmit={submit}
      busy={state.isLoading}
      kind="upload"
      after={
        progress ? (
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
      <FileField>
        <label htmlFor={inputId}>{t('write.file')}</label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept=".txt,.csv,text/plain,text/csv"
          disabled={state.isLoading}
          aria-describedby={fileError ? `${hintId} ${errorId}` : hintId}
          aria-invalid={fileError ? true : undefined}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            form.setLocalError(null);
          }}
        />
        <p id={hintId}>{t('write.fileHint')}</p>
        {fileError ? (
          <p id={errorId} role="alert">
            {fileError}
          </p>
        ) : null}
      </FileField>
    </WriteFormFrame>
  );
}

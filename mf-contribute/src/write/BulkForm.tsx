import { useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { SENTENCE_BULK_FILE_MAX_BYTES } from '@platform/contracts';
import { Button, ProgressBar, useToast } from '@platform/ui';
import { useUploadSentenceFileMutation } from '../api/contributeApi';
import type { UploadProgress } from '../api/uploadWithProgress';
import { useContributeT } from '../i18n';
import { LineOutcome, type LinesResult } from './LineOutcome';
import { isSentenceLinesRefusal } from './lineResults';
import { SharedFields } from './SharedFields';
import type { WriteFormProps } from './SingleSentenceForm';
import { Form, SubmitRow } from './formLayout';
import { fieldErrorsOf, messageFor, readWriteRefusal, type WriteRefusal } from './writeErrors';

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
export function BulkForm({ shared, onSharedChange, onSubmitted }: WriteFormProps) {
  const t = useContributeT();
  const toast = useToast();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<WriteRefusal | null>(null);
  const [result, setResult] = useState<LinesResult | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [upload, state] = useUploadSentenceFileMutation();

  const fail = (message: string) => {
    setLocalError(message);
    toast.show({ title: t('write.errorTitle'), description: message, variant: 'error' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    if (!file) return fail(messageFor('sentence.file_missing'));
    const problem = fileProblem(file);
    if (problem) return fail(problem);
    setLocalError(null);
    setResult(null);
    setProgress({ loaded: 0, total: file.size });
    try {
      const answer = await upload({ file, ...shared, onProgress: setProgress }).unwrap();
      setResult(answer);
      toast.show({
        title: t('write.fileSubmitted'),
        description: t('write.waitsForReview'),
        variant: 'success',
      });
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      onSubmitted();
    } catch (error) {
      const found = readWriteRefusal(error);
      setRefusal(found);
      setResult(isSentenceLinesRefusal(found.body) ? found.body : null);
      toast.show({ title: t('write.errorTitle'), description: found.message, variant: 'error' });
    } finally {
      setProgress(null);
    }
  };

  const fileError = localError ?? (refusal && !refusal.field && !result ? refusal.message : undefined);
  const percent = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  const sent = progress !== null && progress.total > 0 && progress.loaded >= progress.total;

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
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
            setLocalError(null);
          }}
        />
        <p id={hintId}>{t('write.fileHint')}</p>
        {fileError ? (
          <p id={errorId} role="alert">
            {fileError}
          </p>
        ) : null}
      </FileField>
      <SharedFields
        values={shared}
        onChange={onSharedChange}
        errors={fieldErrorsOf(refusal)}
        disabled={state.isLoading}
      />
      <SubmitRow>
        <Button type="submit" loading={state.isLoading}>
          {state.isLoading ? t('write.uploading') : t('write.upload')}
        </Button>
      </SubmitRow>
      {progress ? (
        <Progress>
          <ProgressBar
            label={sent ? t('write.processing') : t('write.progress')}
            value={percent}
            max={100}
            valueText={t('write.progressValue', { percent })}
          />
          <p aria-live="polite">{t('write.progressValue', { percent })}</p>
        </Progress>
      ) : null}
      {result ? <LineOutcome result={result} fileName="refused-sentences.csv" /> : null}
    </Form>
  );
}

import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Button, useToast } from '@platform/ui';
import { useContributeT } from '../i18n';
import { LineOutcome, type LinesResult } from './LineOutcome';
import { isSentenceLinesRefusal } from './lineResults';
import { SharedFields } from './SharedFields';
import type { WriteFormProps } from './SingleSentenceForm';
import { Form, SubmitRow } from './formLayout';
import { fieldErrorsOf, readWriteRefusal, type WriteRefusal } from './writeErrors';

/**
 * What the three Write forms share: the shared fields' values (`props`), the error found before sending, the
 * service's refusal, the per-line answer (`lines: true`: a batch or a file), the toasts, and the submit handling
 * around the request.
 */
export function useWriteForm(props: WriteFormProps, { lines }: { lines: boolean }) {
  const t = useContributeT();
  const toast = useToast();
  const [localError, setLocalError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<WriteRefusal | null>(null);
  const [result, setResult] = useState<LinesResult | null>(null);

  /** A problem found before sending: shown under the main field and in a toast. */
  const fail = (message: string) => {
    setLocalError(message);
    toast.show({ title: t('write.errorTitle'), description: message, variant: 'error' });
  };

  /** The form's submit handler: clears the last refusal, then runs `check` (which sends, or calls `fail`). */
  const onSubmit = (check: () => Promise<void> | void) => (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    void check();
  };

  /**
   * Sends the request (clearing the local problem); taken in: `accepted` with the answer, a success toast titled
   * `title`, and the shared fields cleared (`onSubmitted`); refused: the refusal (and its per-line answer) kept
   * for the fields, and an error toast.
   */
  const send = async <T,>(request: () => Promise<T>, title: string, accepted: (answer: T) => void) => {
    setLocalError(null);
    try {
      const answer = await request();
      accepted(answer);
      toast.show({ title, description: t('write.waitsForReview'), variant: 'success' });
      props.onSubmitted();
    } catch (error) {
      const found = readWriteRefusal(error);
      setRefusal(found);
      if (lines) setResult(isSentenceLinesRefusal(found.body) ? found.body : null);
      toast.show({ title: t('write.errorTitle'), description: found.message, variant: 'error' });
    }
  };

  /** The message under the main field: the local problem, else a refusal that belongs to no shared field. */
  const mainError = localError ?? (refusal && !refusal.field && !result ? refusal.message : undefined);

  /** The props of a text main field: its value, its error, and typing clears the local problem. */
  const textAreaProps = (value: string, setValue: (value: string) => void, busy: boolean) => ({
    value,
    error: mainError,
    disabled: busy,
    onChange: (event: ChangeEvent<HTMLTextAreaElement>) => {
      setValue(event.target.value);
      setLocalError(null);
    },
  });

  return {
    shared: props.shared,
    onSharedChange: props.onSharedChange,
    setLocalError,
    refusal,
    result,
    setResult,
    fail,
    onSubmit,
    send,
    mainError,
    textAreaProps,
  };
}

type WriteForm = ReturnType<typeof useWriteForm>;

/**
 * A Write form around its own main field (`children`): the shared fields (language, domains, citation, CC0), the
 * submit button (`kind` "upload": Upload file), then `after` and the per-line answer, if any.
 */
export function WriteFormFrame({
  form,
  onSubmit,
  busy,
  kind = 'write',
  after,
  children,
}: {
  form: WriteForm;
  onSubmit: () => Promise<void> | void;
  busy: boolean;
  kind?: 'write' | 'upload';
  after?: ReactNode;
  children: ReactNode;
}) {
  const t = useContributeT();
  const label = kind === 'upload' ? t('write.upload') : t('write.submit');
  const busyLabel = kind === 'upload' ? t('write.uploading') : t('write.submitting');
  return (
    <Form noValidate onSubmit={form.onSubmit(onSubmit)}>
      {children}
      <SharedFields
        values={form.shared}
        onChange={form.onSharedChange}
        errors={fieldErrorsOf(form.refusal)}
        disabled={busy}
      />
      <SubmitRow>
        <Button type="submit" loading={busy}>
          {busy ? busyLabel : label}
        </Button>
      </SubmitRow>
      {after}
      {form.result ? <LineOutcome result={form.result} fileName="refused-sentences.csv" /> : null}
    </Form>
  );
}

import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Button, useToast } from '@platform/ui';
import { useContributeT } from '../i18n';
import type { Contribution, Refusal } from '../queue/types';
import { useContributionQueue } from '../queue/useContributionQueue';
import { LineOutcome, type LinesResult } from './LineOutcome';
import { isSentenceLinesRefusal } from './lineResults';
import { SharedFields } from './SharedFields';
import type { WriteFormProps } from './SingleSentenceForm';
import { Form, SubmitRow } from './formLayout';
import { fieldErrorsOf, readWriteRefusal, type WriteRefusal } from './writeErrors';

/** A refusal kept by the queue, as the call's error would have been (for readWriteRefusal). */
const asCallError = (refusal: Refusal) => ({
  status: refusal.status,
  data: { ...refusal.body, code: refusal.code, message: refusal.message },
});

/**
 * What the three Write forms share: the shared fields' values (`props`), the error found before sending, the
 * service's refusal, the per-line answer (`lines: true`: a batch or a file), the toasts, and the submit handling
 * around the request.
 */
export function useWriteForm(props: WriteFormProps, { lines }: { lines: boolean }) {
  const t = useContributeT();
  const toast = useToast();
  const { queue } = useContributionQueue();
  const [localError, setLocalError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<WriteRefusal | null>(null);
  const [result, setResult] = useState<LinesResult | null>(null);
  const [queuing, setQueuing] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

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
  const refused = (error: unknown) => {
    const found = readWriteRefusal(error);
    setRefusal(found);
    if (lines) setResult(isSentenceLinesRefusal(found.body) ? found.body : null);
    toast.show({ title: t('write.errorTitle'), description: found.message, variant: 'error' });
  };

  const send = async <T,>(request: () => Promise<T>, title: string, accepted: (answer: T) => void) => {
    setLocalError(null);
    try {
      const answer = await request();
      accepted(answer);
      toast.show({ title, description: t('write.waitsForReview'), variant: 'success' });
      props.onSubmitted();
    } catch (error) {
      refused(error);
    }
  };

  /**
   * Saves the sentences in the queue of contributions (kept on the device until the server has them) and
   * waits a little for the answer: taken in, as `send`; refused, taken back from the queue into the form
   * with the reason; not sent yet (offline), said so, and the fields cleared (`cleared`) as the queue has it.
   */
  const sendQueued = async <T,>(
    contribution: Contribution,
    title: string,
    accepted: (answer: T) => void,
    cleared: () => void,
  ) => {
    setLocalError(null);
    setQueuing(true);
    try {
      const { entry, outcome } = await queue.enqueueAwaited(contribution);
      const answer = await outcome;
      if (!mounted.current) return;
      switch (answer.kind) {
        case 'sent':
          accepted(answer.answer as T);
          toast.show({ title, description: t('write.waitsForReview'), variant: 'success' });
          props.onSubmitted();
          break;
        case 'refused':
          // The text is still in the form, to correct: the refused copy leaves the device.
          await queue.remove(entry.id);
          refused(asCallError(answer.refusal));
          break;
        case 'deferred':
          cleared();
          toast.show({ title: t('write.saved'), description: t('write.savedHint'), variant: 'success' });
          props.onSubmitted();
          break;
      }
    } catch (error) {
      refused(error);
    } finally {
      if (mounted.current) setQueuing(false);
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
    sendQueued,
    queuing,
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

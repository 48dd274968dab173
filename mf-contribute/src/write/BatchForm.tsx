import { useState, type FormEvent } from 'react';
import { isSentenceLinesRefusal } from './lineResults';
import { SENTENCE_BATCH_MAX } from '@platform/contracts';
import { Button, TextArea, useToast } from '@platform/ui';
import { useWriteSentenceBatchMutation } from '../api/contributeApi';
import { useContributeT } from '../i18n';
import { LineOutcome, type LinesResult } from './LineOutcome';
import { SharedFields } from './SharedFields';
import type { WriteFormProps } from './SingleSentenceForm';
import { Form, SubmitRow } from './formLayout';
import { fieldErrorsOf, messageFor, readWriteRefusal, type WriteRefusal } from './writeErrors';

/** Write, up to 20 sentences one per line with one citation: POST /api/sentences/batch. */
export function BatchForm({ shared, onSharedChange, onSubmitted }: WriteFormProps) {
  const t = useContributeT();
  const toast = useToast();
  const [text, setText] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<WriteRefusal | null>(null);
  const [result, setResult] = useState<LinesResult | null>(null);
  const [writeBatch, state] = useWriteSentenceBatchMutation();

  const fail = (message: string) => {
    setLocalError(message);
    toast.show({ title: t('write.errorTitle'), description: message, variant: 'error' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    // Every line is sent, blank ones too, so the line numbers of the answer are the ones on screen.
    const lines = text.split(/\r\n|\r|\n/);
    const written = lines.filter((line) => line.trim() !== '').length;
    if (written === 0) return fail(messageFor('sentence.batch_empty'));
    if (written > SENTENCE_BATCH_MAX) return fail(messageFor('sentence.batch_too_many'));
    setLocalError(null);
    try {
      const answer = await writeBatch({ sentences: lines, ...shared, domain: [...shared.domain] }).unwrap();
      setResult(answer);
      toast.show({
        title: t('write.batchSubmitted'),
        description: t('write.waitsForReview'),
        variant: 'success',
      });
      setText('');
      onSubmitted();
    } catch (error) {
      const found = readWriteRefusal(error);
      setRefusal(found);
      setResult(isSentenceLinesRefusal(found.body) ? found.body : null);
      toast.show({ title: t('write.errorTitle'), description: found.message, variant: 'error' });
    }
  };

  const textError = localError ?? (refusal && !refusal.field && !result ? refusal.message : undefined);
  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <TextArea
        label={t('write.sentences')}
        hint={t('write.sentencesHint')}
        rows={8}
        value={text}
        error={textError}
        disabled={state.isLoading}
        onChange={(event) => {
          setText(event.target.value);
          setLocalError(null);
        }}
      />
      <SharedFields
        values={shared}
        onChange={onSharedChange}
        errors={fieldErrorsOf(refusal)}
        disabled={state.isLoading}
      />
      <SubmitRow>
        <Button type="submit" loading={state.isLoading}>
          {state.isLoading ? t('write.submitting') : t('write.submit')}
        </Button>
      </SubmitRow>
      {result ? <LineOutcome result={result} fileName="refused-sentences.csv" /> : null}
    </Form>
  );
}

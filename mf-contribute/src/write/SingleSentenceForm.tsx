import { useState, type FormEvent } from 'react';
import { Button, TextArea, useToast } from '@platform/ui';
import { useWriteSentenceMutation } from '../api/contributeApi';
import { useContributeT } from '../i18n';
import { SharedFields, type SharedValues } from './SharedFields';
import { Form, SubmitRow } from './formLayout';
import { fieldErrorsOf, messageFor, readWriteRefusal, type WriteRefusal } from './writeErrors';

export interface WriteFormProps {
  shared: SharedValues;
  onSharedChange: (values: SharedValues) => void;
  /** Clears the shared fields once the submission was taken in. */
  onSubmitted: () => void;
}

/** Write, one sentence: POST /api/sentences. */
export function SingleSentenceForm({ shared, onSharedChange, onSubmitted }: WriteFormProps) {
  const t = useContributeT();
  const toast = useToast();
  const [text, setText] = useState('');
  const [emptyError, setEmptyError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<WriteRefusal | null>(null);
  const [writeSentence, state] = useWriteSentenceMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    if (!text.trim()) {
      const message = messageFor('sentence.empty');
      setEmptyError(message);
      toast.show({ title: t('write.errorTitle'), description: message, variant: 'error' });
      return;
    }
    setEmptyError(null);
    try {
      await writeSentence({ text, ...shared, domain: [...shared.domain] }).unwrap();
      toast.show({ title: t('write.submitted'), description: t('write.waitsForReview'), variant: 'success' });
      setText('');
      onSubmitted();
    } catch (error) {
      const found = readWriteRefusal(error);
      setRefusal(found);
      toast.show({ title: t('write.errorTitle'), description: found.message, variant: 'error' });
    }
  };

  const textError = emptyError ?? (refusal && !refusal.field ? refusal.message : undefined);
  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <TextArea
        label={t('write.sentence')}
        rows={3}
        value={text}
        error={textError}
        disabled={state.isLoading}
        onChange={(event) => {
          setText(event.target.value);
          setEmptyError(null);
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
    </Form>
  );
}

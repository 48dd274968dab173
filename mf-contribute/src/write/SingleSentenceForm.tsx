import { useState } from 'react';
import { TextArea } from '@platform/ui';
import { useWriteSentenceMutation } from '../api/contributeApi';
import { useContributeT } from '../i18n';
import type { SharedValues } from './SharedFields';
import { useWriteForm, WriteFormFrame } from './writeForm';
import { messageFor } from './writeErrors';

export interface WriteFormProps {
  shared: SharedValues;
  onSharedChange: (values: SharedValues) => void;
  /** Clears the shared fields once the submission was taken in. */
  onSubmitted: () => void;
}

/** Write, one sentence: POST /api/sentences. */
export function SingleSentenceForm(props: WriteFormProps) {
  const t = useContributeT();
  const [text, setText] = useState('');
  const [writeSentence, state] = useWriteSentenceMutation();
  const form = useWriteForm(props, { lines: false });
  const { shared } = form;

  const submit = async () => {
    if (!text.trim()) return form.fail(messageFor('sentence.empty'));
    await form.send(
      () => writeSentence({ text, ...shared, domain: [...shared.domain] }).unwrap(),
      t('write.submitted'),
      () => setText(''),
    );
  };

  return (
    <WriteFormFrame form={form} onSubmit={submit} busy={state.isLoading}>
      <TextArea
        label={t('write.sentence')}
        rows={3}
        {...form.textAreaProps(text, setText, state.isLoading)}
      />
    </WriteFormFrame>
  );
}

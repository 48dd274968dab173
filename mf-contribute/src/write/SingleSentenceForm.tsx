import { useState } from 'react';
import { TextArea } from '@platform/ui';
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

/** Write, one sentence: POST /api/sentences, through the queue of contributions kept on the device. */
export function SingleSentenceForm(props: WriteFormProps) {
  const t = useContributeT();
  const [text, setText] = useState('');
  const form = useWriteForm(props, { lines: false });
  const { shared } = form;

  const submit = async () => {
    if (!text.trim()) return form.fail(messageFor('sentence.empty'));
    await form.sendQueued(
      { kind: 'sentence', body: { text, ...shared, domain: [...shared.domain] } },
      t('write.submitted'),
      () => setText(''),
      () => setText(''),
    );
  };

  return (
    <WriteFormFrame form={form} onSubmit={submit} busy={form.queuing}>
      <TextArea label={t('write.sentence')} rows={3} {...form.textAreaProps(text, setText, form.queuing)} />
    </WriteFormFrame>
  );
}

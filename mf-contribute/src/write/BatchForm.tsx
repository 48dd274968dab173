import { useState } from 'react';
import { SENTENCE_BATCH_MAX } from '@platform/contracts/client';
import { TextArea } from '@platform/ui';
import type { LinesResult } from './LineOutcome';
import { useContributeT } from '../i18n';
import type { WriteFormProps } from './SingleSentenceForm';
import { useWriteForm, WriteFormFrame } from './writeForm';
import { messageFor } from './writeErrors';

/**
 * Write, up to 20 sentences one per line with one citation: POST /api/sentences/batch, through the queue of
 * contributions kept on the device.
 */
export function BatchForm(props: WriteFormProps) {
  const t = useContributeT();
  const [text, setText] = useState('');
  const form = useWriteForm(props, { lines: true });
  const { shared } = form;

  const submit = async () => {
    // Every line is sent, blank ones too, so the line numbers of the answer are the ones on screen.
    const lines = text.split(/\r\n|\r|\n/);
    const written = lines.filter((line) => line.trim() !== '').length;
    if (written === 0) return form.fail(messageFor('sentence.batch_empty'));
    if (written > SENTENCE_BATCH_MAX) return form.fail(messageFor('sentence.batch_too_many'));
    await form.sendQueued(
      { kind: 'sentenceBatch', body: { sentences: lines, ...shared, domain: [...shared.domain] } },
      t('write.batchSubmitted'),
      (answer: LinesResult) => {
        form.setResult(answer);
        setText('');
      },
      () => setText(''),
    );
  };

  return (
    <WriteFormFrame form={form} onSubmit={submit} busy={form.queuing}>
      <TextArea
        label={t('write.sentences')}
        hint={t('write.sentencesHint')}
        rows={8}
        {...form.textAreaProps(text, setText, form.queuing)}
      />
    </WriteFormFrame>
  );
}

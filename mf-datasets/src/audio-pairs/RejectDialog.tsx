import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { REPORT_DETAILS_MAX_LENGTH } from '@platform/contracts/client';
import { Button, Dialog, TextArea } from '@platform/ui';
import { useDatasetsT } from '../i18n';

export interface RejectDialogProps {
  /** The pair being rejected; null closes the dialog. */
  audioId: string | null;
  busy: boolean;
  onCancel: () => void;
  onReject: (reason: string) => void;
}

/** Reject with a reason: the donor learns why their recording cannot be used. */
export function RejectDialog({ audioId, busy, onCancel, onReject }: RejectDialogProps) {
  const t = useDatasetsT();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const formId = 'reject-audio-pair-form';

  const close = () => {
    setReason('');
    setMissing(false);
    onCancel();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = reason.trim();
    if (!trimmed) {
      setMissing(true);
      fieldRef.current?.focus();
      return;
    }
    onReject(trimmed.normalize('NFC'));
    setReason('');
    setMissing(false);
  };

  return (
    <Dialog
      open={audioId !== null}
      onClose={close}
      title={t('viewAudioPairs.rejectDialog.title')}
      description={audioId ? t('viewAudioPairs.rejectDialog.description', { id: audioId }) : undefined}
      closeLabel={t('viewAudioPairs.rejectDialog.close')}
      initialFocusRef={fieldRef}
      footer={
        <>
          <Button type="button" variant="ghost" onClick={close} disabled={busy}>
            {t('viewAudioPairs.rejectDialog.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={busy} disabled={busy}>
            {t('viewAudioPairs.rejectDialog.confirm')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit}>
        <TextArea
          ref={fieldRef}
          label={t('viewAudioPairs.rejectDialog.reason')}
          hint={t('viewAudioPairs.rejectDialog.reasonHint', { max: REPORT_DETAILS_MAX_LENGTH })}
          required
          rows={3}
          maxLength={REPORT_DETAILS_MAX_LENGTH}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setMissing(false);
          }}
          error={missing ? t('viewAudioPairs.rejectDialog.reasonRequired') : undefined}
        />
      </form>
    </Dialog>
  );
}

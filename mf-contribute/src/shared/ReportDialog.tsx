import { useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Dialog, RadioGroup, TextArea } from '@platform/ui';
import { REPORT_DETAILS_MAX_LENGTH } from '@platform/contracts/client';
import { useContributeT } from '../i18n';

export interface ReportReason<R extends string> {
  value: R;
  label: string;
}

export interface ReportDialogProps<R extends string> {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  reasons: readonly ReportReason<R>[];
  submitting: boolean;
  onSubmit: (report: { reason: R; details?: string }) => void;
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
`;

/** Pick a reason (and describe it when it is "other"), then send; shared by Speak and Listen. */
export function ReportDialog<R extends string>({
  open,
  onClose,
  title,
  description,
  reasons,
  submitting,
  onSubmit,
}: ReportDialogProps<R>) {
  const t = useContributeT();
  const [reason, setReason] = useState<R | ''>('');
  const [details, setDetails] = useState('');
  const [tried, setTried] = useState(false);

  const needsDetails = reason === 'other' && details.trim() === '';
  const reasonError = tried && reason === '' ? t('report.chooseReason') : undefined;
  // The same rule as the server's (REPORT_DETAILS_REQUIRED_MESSAGE in libs/contracts), in the chosen language.
  const detailsError = tried && needsDetails ? t('report.detailsRequired') : undefined;

  const close = () => {
    setReason('');
    setDetails('');
    setTried(false);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (reason === '' || needsDetails) return;
    const text = details.trim();
    onSubmit({ reason, ...(text ? { details: text } : {}) });
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={title}
      description={description}
      closeLabel={t('common.close')}
    >
      <Form onSubmit={submit} noValidate>
        <RadioGroup
          label={t('report.reason')}
          name="report-reason"
          options={reasons}
          value={reason}
          onValueChange={(value) => setReason(value as R)}
          error={reasonError}
        />
        <TextArea
          label={reason === 'other' ? t('report.describe') : t('report.details')}
          required={reason === 'other'}
          maxLength={REPORT_DETAILS_MAX_LENGTH}
          value={details}
          onChange={(event) => setDetails(event.target.value)}
          error={detailsError}
        />
        <Actions>
          <Button variant="ghost" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="danger" loading={submitting}>
            {t('report.submit')}
          </Button>
        </Actions>
      </Form>
    </Dialog>
  );
}

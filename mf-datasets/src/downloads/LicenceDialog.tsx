import { useState } from 'react';
import styled from 'styled-components';
import { DATASET_LICENSE_LABELS } from '@platform/contracts/client';
import type { DatasetLicense } from '@platform/contracts';
import { Badge, Button, Checkbox, Dialog } from '@platform/ui';
import { useDatasetsT } from '../i18n';

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  p {
    margin: 0;
  }
`;

const Problem = styled.p`
  color: ${({ theme }) => theme.colors.danger.main};
`;

export interface LicenceDialogProps {
  dataset: { name: string; license?: DatasetLicense } | null;
  onClose: () => void;
  /** Records both promises; the caller then starts the download. */
  onAccept: () => Promise<void>;
  /** Why recording the promises failed, if it did. */
  problem: string | null;
}

/**
 * Mounted afresh for each download it guards (the caller keys it), so both boxes start unticked.
 *
 * Before the first download of a dataset: its licence and two promises (accept the terms; never try to
 * identify a speaker), as Common Voice asks. Download stays disabled until both are ticked.
 */
export function LicenceDialog({ dataset, onClose, onAccept, problem }: LicenceDialogProps) {
  const t = useDatasetsT();
  const [terms, setTerms] = useState(false);
  const [speakers, setSpeakers] = useState(false);
  const [sending, setSending] = useState(false);
  const open = dataset !== null;

  const accept = async () => {
    setSending(true);
    try {
      await onAccept();
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('downloads.licence.title')}
      closeLabel={t('downloads.close')}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('downloads.licence.cancel')}
          </Button>
          <Button onClick={() => void accept()} disabled={!terms || !speakers} loading={sending}>
            {t('downloads.licence.accept')}
          </Button>
        </>
      }
    >
      {dataset ? (
        <Body>
          <p>
            {t('downloads.licence.intro')} <strong translate="no">{dataset.name}</strong>
          </p>
          {dataset.license ? (
            <p>
              {t('downloads.licence.licensedUnder')}{' '}
              <Badge variant="info" translate="no">
                {DATASET_LICENSE_LABELS[dataset.license]}
              </Badge>
            </p>
          ) : null}
          <p>{t('downloads.details.licenceNote')}</p>
          <Checkbox
            label={t('downloads.licence.acceptTerms')}
            checked={terms}
            onChange={(e) => setTerms(e.target.checked)}
          />
          <Checkbox
            label={t('downloads.licence.noReidentification')}
            checked={speakers}
            onChange={(e) => setSpeakers(e.target.checked)}
          />
          {problem ? <Problem role="alert">{problem}</Problem> : null}
        </Body>
      ) : null}
    </Dialog>
  );
}

import styled from 'styled-components';
import { Button, Dialog } from '@platform/ui';
import { RECORDING_MAX_SECONDS, RECORDING_MIN_SECONDS } from '@platform/contracts/client';
import { useContributeT } from '../i18n';

const Section = styled.section`
  h3 {
    margin: 0 0 ${({ theme }) => theme.space[1]};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space[5]};
  }
  li + li {
    margin-top: ${({ theme }) => theme.space[1]};
  }
`;

/** How to make a recording other people will accept: what reviewers on Listen are asked to check. */
export function GuidelinesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useContributeT();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title={t('guidelines.title')}
      description={t('guidelines.description')}
      closeLabel={t('common.close')}
      footer={<Button onClick={onClose}>{t('guidelines.gotIt')}</Button>}
    >
      <Section>
        <h3>{t('guidelines.beforeTitle')}</h3>
        <ul>
          <li>{t('guidelines.quiet')}</li>
          <li>{t('guidelines.distance')}</li>
          <li>{t('guidelines.readFirst')}</li>
        </ul>
      </Section>
      <Section>
        <h3>{t('guidelines.whileTitle')}</h3>
        <ul>
          <li>{t('guidelines.exact')}</li>
          <li>{t('guidelines.natural')}</li>
          <li>{t('guidelines.tones')}</li>
          <li>{t('guidelines.pause')}</li>
          <li>{t('guidelines.length', { min: RECORDING_MIN_SECONDS, max: RECORDING_MAX_SECONDS })}</li>
        </ul>
      </Section>
      <Section>
        <h3>{t('guidelines.submitTitle')}</h3>
        <ul>
          <li>{t('guidelines.playBack')}</li>
          <li>{t('guidelines.skipInstead')}</li>
        </ul>
      </Section>
    </Dialog>
  );
}

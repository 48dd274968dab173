import styled from 'styled-components';
import { useT } from '@platform/i18n';
import { ErrorState } from '@platform/ui';

const Section = styled.section`
  padding: ${({ theme }) => theme.space[8]};
`;

/** What a remote's pages show while that remote is down, too slow, or failing to render. */
export function RemoteUnavailable({
  remote,
  onRetry,
  retrying = false,
}: {
  remote: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  const t = useT();
  return (
    <Section data-remote-unavailable={remote} aria-label={t('section.unavailableTitle')}>
      <ErrorState
        headingLevel={2}
        title={t('section.unavailableTitle')}
        message={t('section.unavailableMessage')}
        retryLabel={t('common.retry')}
        onRetry={onRetry}
        retrying={retrying}
      />
    </Section>
  );
}

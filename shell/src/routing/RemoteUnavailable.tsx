import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { useT } from '@platform/i18n';
import { ErrorState } from '@platform/ui';
import { useOnlineStatus } from '../offline/useOnlineStatus';

const Section = styled.section`
  padding: ${({ theme }) => theme.space[8]};
`;

/**
 * What a remote's pages show while that remote is down, too slow, or failing to render. Offline, it says
 * that the page needs a connection: this device has not kept it (the worker keeps what it has fetched).
 */
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
  const online = useOnlineStatus();
  // Back online after failing offline: try again at once, as the person would with Retry.
  const failedOffline = useRef(!online);
  useEffect(() => {
    if (online && failedOffline.current) onRetry();
    failedOffline.current = !online;
  }, [online, onRetry]);
  const title = online ? t('section.unavailableTitle') : t('offline.sectionTitle');
  return (
    <Section
      data-remote-unavailable={remote}
      data-remote-offline={online ? undefined : ''}
      aria-label={title}
    >
      <ErrorState
        headingLevel={2}
        title={title}
        message={online ? t('section.unavailableMessage') : t('offline.sectionMessage')}
        retryLabel={t('common.retry')}
        onRetry={onRetry}
        retrying={retrying}
      />
    </Section>
  );
}

import styled from 'styled-components';
import { useT } from '@platform/i18n';
import { useOnlineStatus } from './useOnlineStatus';
import { useLastSessionInUse } from '../session/lastSession';

// Always in the page (empty, so not seen, while online), so screen readers announce the words when they appear.
const Strip = styled.div`
  &:not(:empty) {
    padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[4]};
    background: ${({ theme }) => theme.colors.warning.subtle};
    color: ${({ theme }) => theme.colors.warning.subtleText};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

/**
 * Under the top bar of the layouts where people contribute (contributor, app): says that the device is
 * offline and that contributions wait on it. The gateway not answering at all counts: the page then goes on
 * for the last person seen signed in here, and the person should know nothing reaches the server.
 */
export function OfflineStatus() {
  const t = useT();
  const browserOnline = useOnlineStatus();
  const goingOnOffline = useLastSessionInUse();
  const online = browserOnline && !goingOnOffline;
  return (
    <Strip role="status" data-offline-status={online ? undefined : ''}>
      {online ? null : t('offline.status')}
    </Strip>
  );
}

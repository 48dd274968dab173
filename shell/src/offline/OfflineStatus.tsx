import styled from 'styled-components';
import { useT } from '@platform/i18n';
import { useOnlineStatus } from './useOnlineStatus';

// Always in the page (empty while online), so screen readers announce the words when they appear.
const Strip = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
  background: ${({ theme }) => theme.colors.warning.subtle};
  color: ${({ theme }) => theme.colors.warning.subtleText};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  &:empty {
    padding: 0;
    border: 0;
  }
`;

/** Under each layout's top bar: says that the device is offline and that contributions wait on it. */
export function OfflineStatus() {
  const t = useT();
  const online = useOnlineStatus();
  return (
    <Strip role="status" data-offline-status={online ? undefined : ''}>
      {online ? null : t('offline.status')}
    </Strip>
  );
}

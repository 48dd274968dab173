import styled from 'styled-components';
import { useT } from '@platform/i18n';
import { Spinner } from '@platform/ui';

const Box = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: 40vh;
`;

/** Shown while a remote's code is on its way. */
export function SectionLoading() {
  const t = useT();
  return (
    <Box data-remote-loading="">
      <Spinner size="lg" label={t('section.loading')} />
    </Box>
  );
}

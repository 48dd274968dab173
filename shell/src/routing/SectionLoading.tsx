import styled from 'styled-components';
import { Spinner } from '@platform/ui';

const Box = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: 40vh;
`;

/** Shown while a remote's code is on its way. */
export function SectionLoading() {
  return (
    <Box data-remote-loading="">
      <Spinner size="lg" label="Loading page" />
    </Box>
  );
}

import { Outlet } from '@platform/router';
import styled from 'styled-components';
import { MAIN_CONTENT_ID } from '../a11y/SkipLink';

const Region = styled.main`
  flex: 1;
  min-width: 0;
  &:focus {
    outline: none;
  }
`;

/** The main landmark every layout renders its page into; the skip link and focus management target it. */
export function Main() {
  return (
    <Region id={MAIN_CONTENT_ID} tabIndex={-1}>
      <Outlet />
    </Region>
  );
}

import { Link } from '@platform/router';
import styled from 'styled-components';
import { focusRing } from '@platform/ui';

/** Get Started and the like: a link drawn as the primary button. */
export const CallToAction = styled(Link)`
  && {
    display: inline-block;
    padding: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.primary.main};
    color: ${({ theme }) => theme.colors.primary.contrastText};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    text-decoration: none;
  }
  &&:hover {
    background: ${({ theme }) => theme.colors.primary.hover};
  }
  ${focusRing}
`;

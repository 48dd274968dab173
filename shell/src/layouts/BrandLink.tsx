import { Link } from '@platform/router';
import styled from 'styled-components';
import { MicIcon } from '@platform/ui';
import { BRAND_NAME } from '@platform/remote-kit';
import { landingPage, pageUrl } from '@platform/contracts/client';

const Anchor = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
`;

const Mark = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2rem;
  height: 2rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primary.main};
  color: ${({ theme }) => theme.colors.primary.contrastText};
  svg {
    width: 1.1rem;
    height: 1.1rem;
  }
`;

/** The brand logo, linking home. */
export function BrandLink() {
  return (
    <Anchor to={pageUrl(landingPage)}>
      <Mark aria-hidden="true">
        <MicIcon />
      </Mark>
      <span translate="no">{BRAND_NAME}</span>
    </Anchor>
  );
}

import styled from 'styled-components';
import { useT } from '@platform/i18n';

const Link = styled.a`
  position: absolute;
  left: ${({ theme }) => theme.space[2]};
  top: -100px;
  z-index: ${({ theme }) => theme.zIndices.toast};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.md};
  &:focus {
    top: ${({ theme }) => theme.space[2]};
  }
`;

export const MAIN_CONTENT_ID = 'main-content';

/** The first stop of the Tab key on every page: jumps past the navigation to the page's content. */
export function SkipLink() {
  const t = useT();
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
      }}
    >
      {t('skipLink')}
    </Link>
  );
}

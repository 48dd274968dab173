import styled from 'styled-components';

/** The bar across the top of the contributor and app layouts: it stays in view while the page scrolls. */
export const HeaderBar = styled.header<{ $gap: 3 | 4 }>`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndices.sticky};
  display: flex;
  align-items: center;
  gap: ${({ theme, $gap }) => theme.space[$gap]};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

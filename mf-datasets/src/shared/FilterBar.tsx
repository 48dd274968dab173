import styled from 'styled-components';

/**
 * The row of filters above a table (search, selects, a clear button): wraps on narrow screens, fields at least
 * 12rem wide. Give it `role="search"` and an `aria-label` where it is used.
 */
export const FilterBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[4]};
  margin-bottom: ${({ theme }) => theme.space[4]};
  & > div {
    min-width: 12rem;
  }
`;

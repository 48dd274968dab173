import styled from 'styled-components';

/** The search box and filters above an admin list (Accounts, Inquiries): the search takes the room left. */
export const AdminFilters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
  > :first-child {
    flex: 1 1 16rem;
  }
`;

/** An admin list's table, scrolling sideways inside its frame on a narrow screen. */
export const AdminTableFrame = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  table {
    width: 100%;
    border-collapse: collapse;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  th,
  td {
    text-align: left;
    padding: ${({ theme }) => theme.space[3]};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: middle;
  }
  caption {
    text-align: left;
    padding: ${({ theme }) => theme.space[3]};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

import styled from 'styled-components';
import { Button, ChevronLeftIcon, ChevronRightIcon } from '@platform/ui';
import { useDatasetsT } from '../i18n';

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  margin-top: ${({ theme }) => theme.space[4]};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  div {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]};
  }
`;

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** Pages of a list the server pages; hidden when everything fits on one. */
export function Pager({
  label,
  page,
  total,
  pageSize,
  onPage,
}: {
  label: string;
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const t = useDatasetsT();
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return (
    <Nav aria-label={label}>
      <span aria-live="polite">{t('downloads.pager.range', { first, last, total })}</span>
      <div>
        <Button
          variant="outline"
          size="sm"
          startIcon={<ChevronLeftIcon />}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          {t('downloads.pager.previous')}
        </Button>
        <span>{t('downloads.pager.page', { page, pages })}</span>
        <Button
          variant="outline"
          size="sm"
          endIcon={<ChevronRightIcon />}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          {t('downloads.pager.next')}
        </Button>
      </div>
    </Nav>
  );
}

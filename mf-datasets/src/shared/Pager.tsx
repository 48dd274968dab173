import styled from 'styled-components';
import { Button, ChevronLeftIcon, ChevronRightIcon } from '@platform/ui';
import { useDatasetsT } from '../i18n';

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  margin-top: ${({ theme }) => theme.space[3]};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Group = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

/** How many pages `total` items make, `pageSize` a page; an empty list is one page. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

export interface PagerProps {
  /** The navigation's accessible name, saying what is paged ("Pages of your downloads"). */
  label: string;
  /** The page shown, from 1. */
  page: number;
  /** How many items the server counted for the current filters. */
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** Hide the pager when everything fits on one page (it is always hidden when the list is empty). */
  hideSinglePage?: boolean;
  /** A test id on the "1–5 of 12" line. */
  rangeTestId?: string;
}

/** The pages of a list the server pages: "1–5 of 12", "Page 1 of 3", Previous and Next. */
export function Pager({
  label,
  page,
  total,
  pageSize,
  onPage,
  hideSinglePage = false,
  rangeTestId,
}: PagerProps) {
  const t = useDatasetsT();
  const pages = pageCount(total, pageSize);
  if (total <= 0 || (hideSinglePage && pages <= 1)) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return (
    <Nav aria-label={label}>
      <span aria-live="polite" data-testid={rangeTestId}>
        {t('pager.range', { first, last, total })}
      </span>
      <Group>
        <Button
          type="button"
          variant="outline"
          size="sm"
          startIcon={<ChevronLeftIcon />}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          {t('pager.previous')}
        </Button>
        <span>{t('pager.page', { page, pages })}</span>
        <Button
          type="button"
          variant="outline"
          size="sm"
          endIcon={<ChevronRightIcon />}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          {t('pager.next')}
        </Button>
      </Group>
    </Nav>
  );
}

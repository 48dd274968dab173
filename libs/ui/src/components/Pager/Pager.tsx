import styled from 'styled-components';
import { Button } from '../Button';
import { ChevronLeftIcon, ChevronRightIcon } from '../../icons';

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

/** The pager's words, from the catalogue of the screen that shows it. */
export interface PagerLabels {
  /** "1–5 of 12". */
  range: (figures: { first: number; last: number; total: number }) => string;
  /** "Page 1 of 3". */
  page: (figures: { page: number; pages: number }) => string;
  previous: string;
  next: string;
}

export interface PagerProps {
  /** The navigation's accessible name, saying what is paged ("Pages of your downloads"). */
  label: string;
  labels: PagerLabels;
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
  labels,
  page,
  total,
  pageSize,
  onPage,
  hideSinglePage = false,
  rangeTestId,
}: PagerProps) {
  const pages = pageCount(total, pageSize);
  if (total <= 0 || (hideSinglePage && pages <= 1)) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return (
    <Nav aria-label={label}>
      <span aria-live="polite" data-testid={rangeTestId}>
        {labels.range({ first, last, total })}
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
          {labels.previous}
        </Button>
        <span>{labels.page({ page, pages })}</span>
        <Button
          type="button"
          variant="outline"
          size="sm"
          endIcon={<ChevronRightIcon />}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          {labels.next}
        </Button>
      </Group>
    </Nav>
  );
}

/**
 * The row of filters above a list (search, selects, a clear button): wraps on narrow screens, fields at least
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

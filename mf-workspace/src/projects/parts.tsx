// What the dashboard, projects, tasks and shared-task screens show the same way: the pager of a list the
// server pages, dates and numbers in the interface language, language names, the project status badge and
// the sentence for a failed call.
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useLocale } from '@platform/i18n';
import {
  Badge,
  Button,
  FilterBar,
  intlFor,
  Pager as UiPager,
  Skeleton,
  TextField,
  VisuallyHidden,
  type BadgeVariant,
  type PagerProps,
} from '@platform/ui';
import type { ProjectStatus, TaskState } from '@platform/contracts';
import {
  LANGUAGE_CODES,
  PROJECT_STATUSES,
  SEARCH_QUERY_MAX_LENGTH,
  TASK_STATES,
} from '@platform/contracts/client';
import { useWorkspaceT } from '../i18n';

export { readApiError } from '@platform/store';
export { specificErrorMessage } from '@platform/remote-kit';

/** A whole day (`YYYY-MM-DD`, read in UTC) and numbers as people of the interface language read them. */
export function useFormats() {
  const locale = useLocale();
  return {
    day: (day: string) =>
      intlFor((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeZone: 'UTC' }), locale).format(
        new Date(`${day}T00:00:00Z`),
      ),
    dateTime: (iso: string) =>
      intlFor((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short' }), locale).format(
        new Date(iso),
      ),
    number: (n: number) => intlFor((l) => new Intl.NumberFormat(l), locale).format(n),
  };
}

/** A whole day as a <time>: a date is data, formatted in the interface language (translate="no"). */
export function DayText({ day }: { day: string }) {
  const { day: format } = useFormats();
  return (
    <time dateTime={day} translate="no">
      {format(day)}
    </time>
  );
}

/** A moment as a <time>, in the interface language. */
export function DateTimeText({ iso }: { iso: string }) {
  const { dateTime } = useFormats();
  return (
    <time dateTime={iso} translate="no">
      {dateTime(iso)}
    </time>
  );
}

/** Today as a `YYYY-MM-DD` day in UTC, for date inputs' defaults and minimums. */
export const today = () => new Date().toISOString().slice(0, 10);

/** A language's name in the interface language; a code the catalogue lacks shows as it is. */
export function useLanguageName() {
  const t = useWorkspaceT();
  return (code: string) =>
    (LANGUAGE_CODES as readonly string[]).includes(code) ? t(`projects.languageNames.${code}`) : code;
}

const STATUS_VARIANT: Record<ProjectStatus, BadgeVariant> = {
  active: 'success',
  'at-risk': 'warning',
  delayed: 'danger',
  completed: 'info',
};

/** SPEC §4: active shows On Track, at-risk At Risk, delayed Delayed, completed Completed, else the raw value. */
export function ProjectStatusBadge({ status }: { status: string }) {
  const t = useWorkspaceT();
  if (!(PROJECT_STATUSES as readonly string[]).includes(status)) {
    return (
      <Badge variant="neutral" translate="no">
        {status}
      </Badge>
    );
  }
  const known = status as ProjectStatus;
  return <Badge variant={STATUS_VARIANT[known]}>{t(`projects.statuses.${known}`)}</Badge>;
}

const STATE_VARIANT: Record<TaskState, BadgeVariant> = {
  todo: 'neutral',
  active: 'primary',
  paused: 'warning',
  completed: 'success',
};

/** A task's state, and whether it is past its due date while open. */
export function TaskStateBadge({ state, overdue }: { state: string; overdue: boolean }) {
  const t = useWorkspaceT();
  const known = (TASK_STATES as readonly string[]).includes(state) ? (state as TaskState) : null;
  return (
    <StateRow>
      {known ? (
        <Badge variant={STATE_VARIANT[known]}>{t(`tasks.states.${known}`)}</Badge>
      ) : (
        <Badge translate="no">{state}</Badge>
      )}
      {overdue ? <Badge variant="danger">{t('tasks.overdue')}</Badge> : null}
    </StateRow>
  );
}

const StateRow = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[1]};
`;

export { pageCount } from '@platform/ui';

/** The shared pager (libs/ui) in the workspace catalogue's words; hidden while everything fits on one page. */
export function Pager(props: Omit<PagerProps, 'labels' | 'hideSinglePage'>) {
  const t = useWorkspaceT();
  return (
    <UiPager
      {...props}
      hideSinglePage
      labels={{
        range: (figures) => t('projects.pager.range', figures),
        page: (figures) => t('projects.pager.page', figures),
        previous: t('projects.pager.previous'),
        next: t('projects.pager.next'),
      }}
    />
  );
}

/** A page number from the URL: a positive whole number, else 1. */
export const pageFrom = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/** A figure still on its way: a placeholder, announced in the interface language. */
export function LoadingFigure({ label }: { label: string }) {
  return (
    <span aria-busy="true">
      <Skeleton width="4rem" height="2rem" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}

/** Label-and-value facts about one thing (a project, a task), side by side where they fit. */
export const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;
  dt {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: ${({ theme }) => theme.space[1]} 0 0;
  }
`;

/** The cards of a page, one under another. */
export const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[6]};
`;

/**
 * The filters above a list: a search for words (applied on Enter or with the apply button), the list's own
 * choices, and a clear button while anything is filtered. Words come from the screen's part of the catalogue.
 */
export function ListFilters({
  labels,
  words,
  onWords,
  onApply,
  onClear,
  children,
}: {
  labels: { search: string; words: string; apply: string; clear: string };
  words: string;
  onWords: (words: string) => void;
  onApply: () => void;
  /** Clears the filters; leave it out while nothing is filtered. */
  onClear?: () => void;
  children: ReactNode;
}) {
  return (
    <div role="search" aria-label={labels.search}>
      <FilterBar>
        <TextField
          type="search"
          label={labels.words}
          value={words}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          onChange={(e) => onWords(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onApply();
          }}
        />
        {children}
        <Button type="button" variant="outline" onClick={onApply}>
          {labels.apply}
        </Button>
        {onClear ? (
          <Button type="button" variant="ghost" onClick={onClear}>
            {labels.clear}
          </Button>
        ) : null}
      </FilterBar>
    </div>
  );
}

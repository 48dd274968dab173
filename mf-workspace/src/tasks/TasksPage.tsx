import { useState } from 'react';
import styled from 'styled-components';
import { useSearchParams } from '@platform/router';
import { PageBody, PageHeader } from '@platform/remote-kit';
import {
  MANAGING_ROLES,
  SEARCH_QUERY_MAX_LENGTH,
  TASK_PRIORITIES,
  TASK_STATUS_FILTERS,
  WORKSPACE_PAGE_SIZE_MAX,
} from '@platform/contracts/client';
import type { TaskPriority, TaskStatusFilter } from '@platform/contracts';
import { useSession } from '@platform/store';
import { Button, RadioGroup, Select, StatCard } from '@platform/ui';
import { useGetTaskSummaryQuery, useListProjectsQuery, type TaskListArgs } from '../api/workspaceApi';
import { useWorkspaceT } from '../i18n';
import { ListFilters, LoadingFigure, pageFrom, useFormats } from '../projects/parts';
import { TaskForm } from './TaskForm';
import { TaskList } from './TaskList';

const Cards = styled.section`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  gap: ${({ theme }) => theme.space[4]};
  margin-bottom: ${({ theme }) => theme.space[6]};
`;

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space[6]};
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
    margin: 0 0 ${({ theme }) => theme.space[3]};
  }
`;

const isStatus = (value: string | null): value is TaskStatusFilter =>
  (TASK_STATUS_FILTERS as readonly (string | null)[]).includes(value);
const isPriority = (value: string | null): value is TaskPriority =>
  (TASK_PRIORITIES as readonly (string | null)[]).includes(value);
const ID = /^[a-f0-9]{24}$/i;

/** The filters of /tasks, from the URL: /tasks?status=completed opens filtered. */
export function readTaskFilters(search: URLSearchParams, managing: boolean): TaskListArgs {
  const status = search.get('status');
  const priority = search.get('priority');
  const projectId = search.get('project');
  const q = search.get('q')?.trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
  return {
    ...(isStatus(status) ? { status } : {}),
    ...(isPriority(priority) ? { priority } : {}),
    ...(projectId && ID.test(projectId) ? { projectId } : {}),
    ...(q ? { q } : {}),
    ...(managing && search.get('scope') === 'managed' ? { scope: 'managed' as const } : {}),
    page: pageFrom(search.get('page')),
  };
}

function writeFilters(filters: TaskListArgs): URLSearchParams {
  const next = new URLSearchParams();
  if (filters.status) next.set('status', filters.status);
  if (filters.priority) next.set('priority', filters.priority);
  if (filters.projectId) next.set('project', filters.projectId);
  if (filters.q) next.set('q', filters.q);
  if (filters.scope) next.set('scope', filters.scope);
  if (filters.page > 1) next.set('page', String(filters.page));
  return next;
}

const MANAGERS: ReadonlySet<string> = new Set(MANAGING_ROLES);

/**
 * /tasks: the summary cards (Active, Completed, Overdue), the create-task form for managers, and the list
 * filtered on the server by the URL's filters, with Start, Pause and the sharing actions.
 */
export function TasksPage() {
  const t = useWorkspaceT();
  const { number } = useFormats();
  const session = useSession();
  const managing = session.user !== null && MANAGERS.has(session.user.role);
  const [search, setSearch] = useSearchParams();
  const filters = readTaskFilters(search, managing);
  const [words, setWords] = useState(filters.q ?? '');
  const counts = useGetTaskSummaryQuery(filters.scope);
  const projects = useListProjectsQuery({ page: 1, pageSize: WORKSPACE_PAGE_SIZE_MAX });
  const projectOptions = (projects.currentData?.items ?? []).map((p) => ({ value: p.id, label: p.name }));
  // A project from a shared link that is not on the first page of choices still shows as chosen.
  if (filters.projectId && !projectOptions.some((o) => o.value === filters.projectId))
    projectOptions.push({ value: filters.projectId, label: t('tasks.filters.thisProject') });

  const change = (next: TaskListArgs) => setSearch(writeFilters(next));
  const without = <K extends keyof TaskListArgs>(key: K): TaskListArgs => {
    const next = { ...filters, page: 1 };
    delete next[key];
    return next;
  };
  const applyWords = () => {
    const q = words.trim();
    change({ ...without('q'), ...(q ? { q } : {}) });
  };
  const filtered = Boolean(filters.status || filters.priority || filters.q || filters.projectId);

  const figure = (key: 'active' | 'completed' | 'overdue') =>
    counts.currentData ? number(counts.currentData[key]) : counts.isError ? '—' : undefined;

  return (
    <PageBody>
      <PageHeader title={t('titles.tasks')} subtitle={t('tasks.subtitle')} />
      <Cards aria-label={t('tasks.summary')}>
        {(['active', 'completed', 'overdue'] as const).map((key) => (
          <StatCard
            key={key}
            label={t(`tasks.cards.${key}`)}
            value={figure(key) ?? <LoadingFigure label={t('tasks.loading')} />}
          />
        ))}
      </Cards>
      {counts.isError ? (
        <p role="alert">
          {t('tasks.countsFailed')}{' '}
          <Button type="button" variant="ghost" size="sm" onClick={() => void counts.refetch()}>
            {t('tasks.retry')}
          </Button>
        </p>
      ) : null}
      {managing ? <TaskForm /> : null}
      <Section aria-labelledby="task-list-heading">
        <h2 id="task-list-heading">{t('tasks.listTitle')}</h2>
        <ListFilters
          labels={{
            search: t('tasks.filters.label'),
            words: t('tasks.filters.words'),
            apply: t('tasks.filters.apply'),
            clear: t('tasks.filters.clear'),
          }}
          words={words}
          onWords={setWords}
          onApply={applyWords}
          onClear={
            filtered
              ? () => {
                  setWords('');
                  change({ ...(filters.scope ? { scope: filters.scope } : {}), page: 1 });
                }
              : undefined
          }
        >
          <Select
            label={t('tasks.filters.status')}
            value={filters.status ?? ''}
            onChange={(e) => {
              const value = e.target.value;
              change({ ...without('status'), ...(isStatus(value) ? { status: value } : {}) });
            }}
            options={[
              { value: '', label: t('tasks.filters.allStatuses') },
              ...TASK_STATUS_FILTERS.map((s) => ({ value: s, label: t(`tasks.statusFilters.${s}`) })),
            ]}
          />
          <Select
            label={t('tasks.filters.priority')}
            value={filters.priority ?? ''}
            onChange={(e) => {
              const value = e.target.value;
              change({ ...without('priority'), ...(isPriority(value) ? { priority: value } : {}) });
            }}
            options={[
              { value: '', label: t('tasks.filters.allPriorities') },
              ...TASK_PRIORITIES.map((p) => ({ value: p, label: t(`tasks.priorities.${p}`) })),
            ]}
          />
          <Select
            label={t('tasks.filters.project')}
            value={filters.projectId ?? ''}
            translate="no"
            onChange={(e) => {
              const value = e.target.value;
              change({ ...without('projectId'), ...(ID.test(value) ? { projectId: value } : {}) });
            }}
            options={[{ value: '', label: t('tasks.filters.allProjects') }, ...projectOptions]}
          />
          {managing ? (
            <RadioGroup
              label={t('tasks.filters.scope')}
              name="task-scope"
              value={filters.scope ?? 'mine'}
              inline
              onValueChange={(value) =>
                change({ ...without('scope'), ...(value === 'managed' ? { scope: 'managed' } : {}) })
              }
              options={[
                { value: 'mine', label: t('tasks.filters.mine') },
                { value: 'managed', label: t('tasks.filters.managed') },
              ]}
            />
          ) : null}
        </ListFilters>
        <TaskList
          filters={filters}
          onPage={(page) => change({ ...filters, page })}
          caption={t('tasks.caption')}
          emptyMessage={t(filtered ? 'tasks.emptyFiltered' : 'tasks.empty')}
        />
      </Section>
    </PageBody>
  );
}

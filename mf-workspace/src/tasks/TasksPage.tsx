import styled from 'styled-components';
import { PageBody, PageHeader, useFilterText, useUrlFilters } from '@platform/remote-kit';
import {
  MANAGING_ROLES,
  SEARCH_QUERY_MAX_LENGTH,
  TASK_PRIORITIES,
  TASK_STATUS_FILTERS,
  WORKSPACE_PAGE_SIZE_MAX,
  tasksPage,
} from '@platform/contracts/client';
import type { PageQuery } from '@platform/contracts';
import { useSession } from '@platform/store';
import { Button, RadioGroup, Select, StatCard } from '@platform/ui';
import { useGetTaskSummaryQuery, useListProjectsQuery, type TaskListArgs } from '../api/workspaceApi';
import { useWorkspaceT } from '../i18n';
import { ListFilters, LoadingFigure, useFormats } from '../projects/parts';
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

const isStatus = (value: string): value is (typeof TASK_STATUS_FILTERS)[number] =>
  (TASK_STATUS_FILTERS as readonly string[]).includes(value);
const isPriority = (value: string): value is (typeof TASK_PRIORITIES)[number] =>
  (TASK_PRIORITIES as readonly string[]).includes(value);
const ID = /^[a-f0-9]{24}$/i;

/**
 * The list's filters as the task service reads them, from the address's (/tasks?status=completed opens
 * filtered): a project id that is not one is no filter, and only managers see the tasks they manage.
 */
function listArgs(filters: PageQuery<typeof tasksPage> & { page: number }, managing: boolean): TaskListArgs {
  const { status, priority, project, q, scope, page } = filters;
  return {
    ...(status ? { status } : {}),
    ...(priority ? { priority } : {}),
    ...(project && ID.test(project) ? { projectId: project } : {}),
    ...(q ? { q: q.slice(0, SEARCH_QUERY_MAX_LENGTH) } : {}),
    ...(managing && scope === 'managed' ? { scope: 'managed' as const } : {}),
    page,
  };
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
  const [urlFilters, setFilters] = useUrlFilters(tasksPage, { page: 1 });
  const filters = listArgs(urlFilters, managing);
  const [words, setWords] = useFilterText(urlFilters.q);
  const counts = useGetTaskSummaryQuery(filters.scope);
  const projects = useListProjectsQuery({ page: 1, pageSize: WORKSPACE_PAGE_SIZE_MAX });
  const projectOptions = (projects.currentData?.items ?? []).map((p) => ({ value: p.id, label: p.name }));
  // A project from a shared link that is not on the first page of choices still shows as chosen.
  if (filters.projectId && !projectOptions.some((o) => o.value === filters.projectId))
    projectOptions.push({ value: filters.projectId, label: t('tasks.filters.thisProject') });

  const applyWords = () => setFilters({ q: words.trim() || undefined });
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
                  setFilters({ status: undefined, priority: undefined, project: undefined, q: undefined });
                }
              : undefined
          }
        >
          <Select
            label={t('tasks.filters.status')}
            value={filters.status ?? ''}
            onChange={(e) => {
              const value = e.target.value;
              setFilters({ status: isStatus(value) ? value : undefined });
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
              setFilters({ priority: isPriority(value) ? value : undefined });
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
              setFilters({ project: ID.test(value) ? value : undefined });
            }}
            options={[{ value: '', label: t('tasks.filters.allProjects') }, ...projectOptions]}
          />
          {managing ? (
            <RadioGroup
              label={t('tasks.filters.scope')}
              name="task-scope"
              value={filters.scope ?? 'mine'}
              inline
              onValueChange={(value) => setFilters({ scope: value === 'managed' ? 'managed' : undefined })}
              options={[
                { value: 'mine', label: t('tasks.filters.mine') },
                { value: 'managed', label: t('tasks.filters.managed') },
              ]}
            />
          ) : null}
        </ListFilters>
        <TaskList
          filters={filters}
          onPage={(page) => setFilters({ page })}
          caption={t('tasks.caption')}
          emptyMessage={t(filtered ? 'tasks.emptyFiltered' : 'tasks.empty')}
        />
      </Section>
    </PageBody>
  );
}

import { useState } from 'react';
import styled from 'styled-components';
import { Link } from '@platform/router';
import { PageBody, PageHeader, useUrlFilters } from '@platform/remote-kit';
import type { ProjectDetail } from '@platform/contracts';
import {
  Button,
  Card,
  EmptyState,
  ErrorState,
  ProgressBar,
  Skeleton,
  StatCard,
  Table,
  type TableColumn,
} from '@platform/ui';
import { useGetProjectDetailQuery } from '../api/workspaceApi';
import { useWorkspaceT } from '../i18n';
import { TaskForm } from '../tasks/TaskForm';
import { TaskList } from '../tasks/TaskList';
import { ProjectForm } from './ProjectForm';
import {
  DayText,
  Facts,
  ProjectStatusBadge,
  Stack,
  readApiError,
  useFormats,
  useLanguageName,
} from './parts';
import { pageUrl, projectPage, projectsPage } from '@platform/contracts/client';

const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
  gap: ${({ theme }) => theme.space[4]};
`;

const Members = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    padding: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
  margin-top: ${({ theme }) => theme.space[3]};
`;

const Description = styled.p`
  margin: 0;
  white-space: pre-line;
`;

type TargetRow = ProjectDetail['targets'][number];

function ProjectView({ project }: { project: ProjectDetail }) {
  const t = useWorkspaceT();
  const { number } = useFormats();
  const languageName = useLanguageName();
  // The task list's page is in the address, beside the project's id.
  const [{ page: taskPage }, setFilters] = useUrlFilters(projectPage, { page: 1 });
  const [editing, setEditing] = useState(false);
  const [addingTask, setAddingTask] = useState(false);

  const targetColumns: TableColumn<TargetRow>[] = [
    { key: 'kind', header: t('projects.detail.kind'), render: (row) => t(`projects.kinds.${row.kind}`) },
    {
      key: 'language',
      header: t('projects.detail.language'),
      render: (row) => (row.language ? languageName(row.language) : t('projects.form.anyLanguage')),
    },
    {
      key: 'progress',
      header: t('projects.detail.progress'),
      render: (row) => (
        <ProgressBar
          value={row.percent}
          showValue
          size="sm"
          aria-label={t('projects.detail.targetProgress', { kind: t(`projects.kinds.${row.kind}`) })}
          valueText={t('projects.detail.doneOf', { done: number(row.done), count: number(row.count) })}
        />
      ),
    },
    {
      key: 'done',
      header: t('projects.detail.doneHeader'),
      render: (row) => t('projects.detail.doneOf', { done: number(row.done), count: number(row.count) }),
    },
    { key: 'projected', header: t('projects.detail.projected'), render: (row) => number(row.projected) },
  ];

  return (
    <PageBody>
      <PageHeader
        title={project.name}
        titleIsData
        subtitle={t('projects.detail.forClient', { client: project.client })}
      >
        <Actions>
          <ProjectStatusBadge status={project.status} />
        </Actions>
        {project.canManage ? (
          <Actions>
            <Button type="button" variant="outline" onClick={() => setEditing(true)}>
              {t('projects.detail.edit')}
            </Button>
            <Button type="button" onClick={() => setAddingTask(true)}>
              {t('projects.detail.newTask')}
            </Button>
          </Actions>
        ) : null}
      </PageHeader>
      <Stack>
        <Card title={t('projects.detail.about')} headingLevel={2}>
          {project.description ? <Description translate="no">{project.description}</Description> : null}
          <Facts>
            <div>
              <dt>{t('projects.columns.languages')}</dt>
              <dd>{project.languages.map(languageName).join(', ')}</dd>
            </div>
            <div>
              <dt>{t('projects.detail.startDate')}</dt>
              <dd>
                <DayText day={project.startDate} />
              </dd>
            </div>
            <div>
              <dt>{t('projects.columns.dueDate')}</dt>
              <dd>
                <DayText day={project.dueDate} />
              </dd>
            </div>
            <div>
              <dt>{t('projects.columns.progress')}</dt>
              <dd>
                <ProgressBar
                  value={project.progress}
                  showValue
                  aria-label={t('projects.progressOf', { name: project.name })}
                />
              </dd>
            </div>
          </Facts>
        </Card>
        <Cards aria-label={t('projects.detail.taskCounts')}>
          <StatCard label={t('tasks.cards.active')} value={number(project.tasks.active)} />
          <StatCard label={t('tasks.cards.completed')} value={number(project.tasks.completed)} />
          <StatCard label={t('tasks.cards.overdue')} value={number(project.tasks.overdue)} />
        </Cards>
        <section aria-labelledby="project-targets">
          <h2 id="project-targets">{t('projects.detail.targets')}</h2>
          <Table
            caption={t('projects.detail.targets')}
            captionHidden
            columns={targetColumns}
            rows={project.targets}
            getRowKey={(row) => `${row.kind}/${row.language ?? ''}`}
            emptyMessage={t('projects.detail.noTargets')}
          />
        </section>
        <section aria-labelledby="project-members">
          <h2 id="project-members">{t('projects.detail.members')}</h2>
          {project.members.length === 0 ? (
            <p>{t('projects.detail.noMembers')}</p>
          ) : (
            <Members>
              {project.members.map((member) => (
                <li key={member.id} translate="no">
                  {member.name}
                </li>
              ))}
            </Members>
          )}
        </section>
        {addingTask ? <TaskForm projectId={project.id} onDone={() => setAddingTask(false)} /> : null}
        <section aria-labelledby="project-tasks">
          <h2 id="project-tasks">{t('projects.detail.tasks')}</h2>
          <TaskList
            filters={{
              projectId: project.id,
              page: taskPage,
              ...(project.canManage ? { scope: 'managed' as const } : {}),
            }}
            showProject={false}
            onPage={(page) => setFilters({ page })}
            caption={t('projects.detail.tasks')}
            emptyMessage={t('projects.detail.noTasks')}
          />
        </section>
      </Stack>
      <ProjectForm editing={editing ? project : undefined} onClose={() => setEditing(false)} />
    </PageBody>
  );
}

/** /projects/view?id=: a project's page; its targets, members, task counts and tasks. */
export function ProjectPage() {
  const t = useWorkspaceT();
  const [{ id = '' }] = useUrlFilters(projectPage);
  const valid = /^[a-f0-9]{24}$/i.test(id);
  const project = useGetProjectDetailQuery(id, { skip: !valid });

  const failure = project.isError ? readApiError(project.error) : null;
  if (!valid || failure?.status === 404) {
    return (
      <PageBody>
        <PageHeader title={t('titles.project')} />
        <EmptyState
          headingLevel={2}
          title={t('projects.detail.notFound')}
          description={t('projects.detail.notFoundHint')}
          action={
            <Button as={Link} to={pageUrl(projectsPage)}>
              {t('projects.detail.back')}
            </Button>
          }
        />
      </PageBody>
    );
  }
  if (project.currentData) return <ProjectView project={project.currentData} />;
  return (
    <PageBody>
      <PageHeader title={t('titles.project')} />
      {failure ? (
        <ErrorState
          headingLevel={2}
          title={t('projects.detail.loadFailed')}
          onRetry={() => void project.refetch()}
          retryLabel={t('projects.retry')}
          retrying={project.isFetching}
        />
      ) : (
        <div aria-busy="true">
          <Skeleton lines={4} height="1.25rem" />
        </div>
      )}
    </PageBody>
  );
}

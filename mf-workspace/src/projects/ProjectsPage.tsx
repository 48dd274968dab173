import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Link, useNavigate } from '@platform/router';
import { PageBody, PageHeader, useFilterText, useUrlFilters } from '@platform/remote-kit';
import {
  LANGUAGE_CODES,
  MANAGING_ROLES,
  PROJECT_STATUSES,
  SEARCH_QUERY_MAX_LENGTH,
  WORKSPACE_PAGE_SIZE,
  isLanguageCode,
  pageUrl,
  projectPage,
  projectsPage,
} from '@platform/contracts/client';
import type { ProjectSummary } from '@platform/contracts';
import { useSession } from '@platform/store';
import { Button, ErrorState, ProgressBar, Select, Table, type TableColumn } from '@platform/ui';
import { useListProjectsQuery, type ProjectListArgs } from '../api/workspaceApi';
import { useWorkspaceT } from '../i18n';
import { ProjectForm } from './ProjectForm';
import { DayText, ListFilters, Pager, ProjectStatusBadge, pageCount, useLanguageName } from './parts';

const Name = styled.span`
  display: flex;
  flex-direction: column;
  min-width: 10rem;
  strong {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;

const Progress = styled.div`
  min-width: 8rem;
`;

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[4]};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const isStatus = (value: string): value is (typeof PROJECT_STATUSES)[number] =>
  (PROJECT_STATUSES as readonly string[]).includes(value);

const MANAGERS: ReadonlySet<string> = new Set(MANAGING_ROLES);

/**
 * /projects: the projects the person takes part in (admins: all), filtered and paged on the server, with
 * New Project for managers and admins.
 */
export function ProjectsPage() {
  const t = useWorkspaceT();
  const session = useSession();
  const navigate = useNavigate();
  const languageName = useLanguageName();
  // The filters are in the address (shareable, kept on reload; Back returns to the view before).
  const [filters, setFilters] = useUrlFilters(projectsPage, { page: 1 });
  const [words, setWords] = useFilterText(filters.q);
  const [creating, setCreating] = useState(false);
  const { q, status, language, page } = filters;
  const args: ProjectListArgs = {
    ...(status ? { status } : {}),
    ...(language ? { language } : {}),
    ...(q ? { q: q.slice(0, SEARCH_QUERY_MAX_LENGTH) } : {}),
    page,
  };
  const projects = useListProjectsQuery(args);
  const canCreate = session.user !== null && MANAGERS.has(session.user.role);

  const applyWords = () => setFilters({ q: words.trim() || undefined });

  const columns: TableColumn<ProjectSummary>[] = [
    {
      key: 'name',
      header: t('projects.columns.project'),
      render: (project) => (
        <Name translate="no">
          <strong>{project.name}</strong>
          <span>{project.client}</span>
        </Name>
      ),
    },
    {
      key: 'languages',
      header: t('projects.columns.languages'),
      render: (project) => project.languages.map(languageName).join(', '),
    },
    {
      key: 'progress',
      header: t('projects.columns.progress'),
      render: (project) => (
        <Progress>
          <ProgressBar
            value={project.progress}
            showValue
            size="sm"
            aria-label={t('projects.progressOf', { name: project.name })}
          />
        </Progress>
      ),
    },
    {
      key: 'status',
      header: t('projects.columns.status'),
      render: (project) => <ProjectStatusBadge status={project.status} />,
    },
    {
      key: 'dueDate',
      header: t('projects.columns.dueDate'),
      render: (project) => <DayText day={project.dueDate} />,
    },
    {
      key: 'view',
      header: t('projects.columns.view'),
      render: (project) => (
        <Link
          to={pageUrl(projectPage, { id: project.id })}
          aria-label={t('projects.viewLabel', { name: project.name })}
        >
          {t('projects.view')}
        </Link>
      ),
    },
  ];

  const data = projects.currentData;
  // A page past the end (a shared link after projects were completed, or a hand-edited URL): the last page.
  const lastPage = data ? pageCount(data.total, WORKSPACE_PAGE_SIZE) : 1;
  const pastTheEnd = data !== undefined && data.items.length === 0 && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) setFilters({ page: lastPage }, { replace: true });
  });
  const loading = data === undefined && !projects.isError;
  const filtered = Boolean(q || status || language);

  return (
    <PageBody>
      <PageHeader title={t('titles.projects')} subtitle={t('projects.subtitle')}>
        {canCreate ? (
          <Button type="button" onClick={() => setCreating(true)}>
            {t('projects.newProject')}
          </Button>
        ) : null}
      </PageHeader>
      {session.user && !canCreate ? <Note>{t('projects.onlyManagers')}</Note> : null}
      <ListFilters
        labels={{
          search: t('projects.filters.label'),
          words: t('projects.filters.words'),
          apply: t('projects.filters.apply'),
          clear: t('projects.filters.clear'),
        }}
        words={words}
        onWords={setWords}
        onApply={applyWords}
        onClear={
          filtered
            ? () => {
                setWords('');
                setFilters({ q: undefined, status: undefined, language: undefined });
              }
            : undefined
        }
      >
        <Select
          label={t('projects.filters.status')}
          value={status ?? ''}
          onChange={(e) => {
            const value = e.target.value;
            setFilters({ status: isStatus(value) ? value : undefined });
          }}
          options={[
            { value: '', label: t('projects.filters.allStatuses') },
            ...PROJECT_STATUSES.map((s) => ({ value: s, label: t(`projects.statuses.${s}`) })),
          ]}
        />
        <Select
          label={t('projects.filters.language')}
          value={language ?? ''}
          onChange={(e) => {
            const value = e.target.value;
            setFilters({ language: isLanguageCode(value) ? value : undefined });
          }}
          options={[
            { value: '', label: t('projects.filters.allLanguages') },
            ...LANGUAGE_CODES.map((code) => ({ value: code, label: languageName(code) })),
          ]}
        />
      </ListFilters>
      {projects.isError && !data ? (
        <ErrorState
          headingLevel={2}
          title={t('projects.loadFailed')}
          onRetry={() => void projects.refetch()}
          retryLabel={t('projects.retry')}
          retrying={projects.isFetching}
        />
      ) : (
        <>
          <Table
            caption={t('projects.caption')}
            captionHidden
            columns={columns}
            rows={data?.items ?? []}
            getRowKey={(project) => project.id}
            loading={loading}
            loadingRows={5}
            emptyMessage={t(filtered ? 'projects.emptyFiltered' : 'projects.empty')}
          />
          {data ? (
            <Pager
              label={t('projects.pagerLabel')}
              page={page}
              total={data.total}
              pageSize={WORKSPACE_PAGE_SIZE}
              onPage={(next) => setFilters({ page: next })}
            />
          ) : null}
        </>
      )}
      <ProjectForm
        editing={creating ? null : undefined}
        onClose={() => setCreating(false)}
        onSaved={(project) => navigate(pageUrl(projectPage, { id: project.id }))}
      />
    </PageBody>
  );
}

import { useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Link } from '@platform/router';
import { WORKSPACE_PAGE_SIZE, pageUrl, projectPage } from '@platform/contracts/client';
import type { Task, TaskPublicLink, TaskStateAction } from '@platform/contracts';
import {
  Badge,
  Button,
  Dialog,
  ErrorState,
  ProgressBar,
  Table,
  TextField,
  VisuallyHidden,
  useToast,
  type BadgeVariant,
  type TableColumn,
} from '@platform/ui';
import {
  useChangeTaskStateMutation,
  useListTasksQuery,
  useRevokeTaskLinkMutation,
  useShareTaskPubliclyMutation,
  useShareTaskWithTeamMutation,
  type TaskListArgs,
} from '../api/workspaceApi';
import { useWorkspaceT } from '../i18n';
import {
  DayText,
  Pager,
  TaskStateBadge,
  readApiError,
  specificErrorMessage,
  useFormats,
} from '../projects/parts';

const Description = styled.span`
  display: block;
  min-width: 12rem;
  max-width: 22rem;
  overflow-wrap: anywhere;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 12rem;
`;

const Narrow = styled.div`
  min-width: 8rem;
`;

const LinkRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[2]};
  & > div {
    flex: 1 1 16rem;
  }
`;

const PRIORITY_VARIANT: Record<Task['priority'], BadgeVariant> = {
  high: 'danger',
  medium: 'warning',
  low: 'neutral',
};

/** Start from todo or paused, Pause when active: the assignee's buttons (SPEC's row actions). */
const stateActionOf = (task: Task): TaskStateAction | null =>
  !task.canAct ? null : task.state === 'active' ? 'pause' : task.state === 'completed' ? null : 'start';

/** Share Publicly: the read-only link, Copy, and Revoke. */
function PublicLinkDialog({
  task,
  link,
  onClose,
}: {
  task: Task | null;
  link: TaskPublicLink | null;
  onClose: () => void;
}) {
  const t = useWorkspaceT();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [revoke, revoking] = useRevokeTaskLinkMutation();
  // The service answers the page's path; the link shared is the whole address on this site.
  const url = link ? new URL(link.url, window.location.origin).href : '';
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.show({ variant: 'success', title: t('tasks.share.copied') });
    } catch {
      // No clipboard (not HTTPS, or refused): the link is selected for the person to copy.
      input.current?.select();
      toast.show({ variant: 'info', title: t('tasks.share.copyByHand') });
    }
  };
  return (
    <Dialog
      open={task !== null && link !== null}
      onClose={onClose}
      title={t('tasks.share.publicTitle')}
      description={t('tasks.share.publicDescription')}
      closeLabel={t('tasks.share.close')}
      footer={
        <>
          <Button
            variant="danger"
            loading={revoking.isLoading}
            onClick={async () => {
              if (!task) return;
              try {
                await revoke(task.id).unwrap();
                toast.show({ variant: 'success', title: t('tasks.share.revoked') });
                onClose();
              } catch (error) {
                const failure = readApiError(error);
                toast.show({
                  variant: 'error',
                  title: specificErrorMessage(failure) ?? t('tasks.share.revokeFailed'),
                });
              }
            }}
          >
            {t('tasks.share.revoke')}
          </Button>
          <Button variant="outline" onClick={onClose}>
            {t('tasks.share.close')}
          </Button>
        </>
      }
    >
      {link ? (
        <LinkRow>
          <TextField
            ref={input}
            label={t('tasks.share.link')}
            value={url}
            readOnly
            translate="no"
            onFocus={(e) => e.target.select()}
          />
          <Button type="button" onClick={() => void copy()}>
            {t('tasks.share.copy')}
          </Button>
        </LinkRow>
      ) : null}
    </Dialog>
  );
}

/** What a row's buttons do: state changes for the assignee, sharing for anyone who sees the task. */
function useRowActions() {
  const t = useWorkspaceT();
  const toast = useToast();
  const [changeState, changing] = useChangeTaskStateMutation();
  const [shareTeam, sharingTeam] = useShareTaskWithTeamMutation();
  const [sharePublicly, sharingPublicly] = useShareTaskPubliclyMutation();
  const [shown, setShown] = useState<{ task: Task; link: TaskPublicLink } | null>(null);

  const failed = (error: unknown, fallback: string) => {
    const failure = readApiError(error);
    toast.show({ variant: 'error', title: specificErrorMessage(failure) ?? t(fallback) });
  };

  const act = async (task: Task, action: TaskStateAction) => {
    try {
      await changeState({ id: task.id, action }).unwrap();
      toast.show({ variant: 'success', title: t(`tasks.actions.done.${action}`) });
    } catch (error) {
      failed(error, 'tasks.actions.stateFailed');
    }
  };
  const team = async (task: Task) => {
    try {
      const { notified } = await shareTeam(task.id).unwrap();
      toast.show({ variant: 'success', title: t('tasks.share.teamNotified', { count: notified }) });
    } catch (error) {
      failed(error, 'tasks.share.teamFailed');
    }
  };
  const publicly = async (task: Task) => {
    try {
      const link = await sharePublicly(task.id).unwrap();
      setShown({ task, link });
    } catch (error) {
      failed(error, 'tasks.share.publicFailed');
    }
  };

  const busy = (task: Task) =>
    (changing.isLoading && changing.originalArgs?.id === task.id) ||
    (sharingTeam.isLoading && sharingTeam.originalArgs === task.id) ||
    (sharingPublicly.isLoading && sharingPublicly.originalArgs === task.id);

  const render = (task: Task): ReactNode => {
    const action = stateActionOf(task);
    const disabled = busy(task);
    return (
      <Actions>
        {action ? (
          <RowAction
            words={t(`tasks.actions.${action}`)}
            task={task}
            primary={action === 'start'}
            disabled={disabled}
            onClick={() => void act(task, action)}
          />
        ) : null}
        {action && task.state !== 'todo' ? (
          <RowAction
            words={t('tasks.actions.complete')}
            task={task}
            disabled={disabled}
            onClick={() => void act(task, 'complete')}
          />
        ) : null}
        {/* Whoever sees a task (its assignee, its project's managers) may share it. */}
        <RowAction
          words={t('tasks.actions.shareTeam')}
          task={task}
          disabled={disabled}
          onClick={() => void team(task)}
        />
        <RowAction
          words={t(task.shared ? 'tasks.actions.publicLink' : 'tasks.actions.sharePublic')}
          task={task}
          disabled={disabled}
          onClick={() => void publicly(task)}
        />
      </Actions>
    );
  };

  const dialog = (
    <PublicLinkDialog task={shown?.task ?? null} link={shown?.link ?? null} onClose={() => setShown(null)} />
  );
  return { render, dialog };
}

/** A dash for the eye, words for the screen reader. */
function Dash({ label }: { label: string }) {
  return (
    <Muted>
      <span aria-hidden="true">—</span>
      <VisuallyHidden>{label}</VisuallyHidden>
    </Muted>
  );
}

/** A task's own target, as an accessible bar, or a dash. */
export function TargetCell({ target, label }: { target: Task['target']; label: string }) {
  const t = useWorkspaceT();
  const { number } = useFormats();
  if (!target) return <Dash label={t('tasks.noTarget')} />;
  return (
    <Narrow>
      <ProgressBar
        value={target.percent}
        size="sm"
        showValue
        aria-label={label}
        valueText={t('tasks.targetOf', {
          done: number(target.done),
          count: number(target.count),
          kind: t(`projects.kinds.${target.kind}`),
        })}
      />
    </Narrow>
  );
}

/** Quality as a percent, or '—' before anything was decided. */
export function QualityCell({ quality }: { quality: number | null }) {
  const t = useWorkspaceT();
  if (quality === null) return <Dash label={t('tasks.noQuality')} />;
  return <>{t('tasks.percent', { value: quality })}</>;
}

/** A button on a task's row: its visible words, then the task, name it ("Share Publicly: “…”"). */
function RowAction({
  words,
  task,
  primary = false,
  disabled,
  onClick,
}: {
  words: string;
  task: Task;
  primary?: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  const t = useWorkspaceT();
  return (
    <Button
      type="button"
      size="sm"
      variant={primary ? 'primary' : 'outline'}
      disabled={disabled}
      aria-label={t('tasks.actions.rowLabel', { action: words, task: task.description })}
      onClick={onClick}
    >
      {words}
    </Button>
  );
}

/**
 * The task list the server filters and pages (/tasks, and a project's page), with each row's actions.
 */
export function TaskList({
  filters,
  onPage,
  caption,
  showProject = true,
  emptyMessage,
}: {
  filters: TaskListArgs;
  onPage: (page: number) => void;
  caption: string;
  showProject?: boolean;
  emptyMessage: string;
}) {
  const t = useWorkspaceT();
  const tasks = useListTasksQuery(filters);
  const actions = useRowActions();

  const columns: TableColumn<Task>[] = [
    {
      key: 'description',
      header: t('tasks.columns.description'),
      render: (task) => <Description translate="no">{task.description}</Description>,
    },
    ...(showProject
      ? [
          {
            key: 'project',
            header: t('tasks.columns.project'),
            render: (task: Task) => (
              <Link to={pageUrl(projectPage, { id: task.project.id })} translate="no">
                {task.project.name}
              </Link>
            ),
          },
        ]
      : []),
    {
      key: 'assignee',
      header: t('tasks.columns.assignee'),
      render: (task) => <span translate="no">{task.assignee.name}</span>,
    },
    {
      key: 'priority',
      header: t('tasks.columns.priority'),
      render: (task) => (
        <Badge variant={PRIORITY_VARIANT[task.priority]}>{t(`tasks.priorities.${task.priority}`)}</Badge>
      ),
    },
    { key: 'dueDate', header: t('tasks.columns.dueDate'), render: (task) => <DayText day={task.dueDate} /> },
    {
      key: 'state',
      header: t('tasks.columns.state'),
      render: (task) => <TaskStateBadge state={task.state} overdue={task.overdue} />,
    },
    {
      key: 'target',
      header: t('tasks.columns.target'),
      render: (task) => (
        <TargetCell target={task.target} label={t('tasks.targetLabel', { task: task.description })} />
      ),
    },
    {
      key: 'quality',
      header: t('tasks.columns.quality'),
      render: (task) => <QualityCell quality={task.quality} />,
    },
    { key: 'actions', header: t('tasks.columns.actions'), render: actions.render },
  ];

  const data = tasks.currentData;
  if (tasks.isError && !data) {
    return (
      <ErrorState
        headingLevel={3}
        title={t('tasks.loadFailed')}
        onRetry={() => void tasks.refetch()}
        retryLabel={t('tasks.retry')}
        retrying={tasks.isFetching}
      />
    );
  }
  return (
    <>
      <Table
        caption={caption}
        captionHidden
        columns={columns}
        rows={data?.items ?? []}
        getRowKey={(task) => task.id}
        loading={data === undefined}
        loadingRows={5}
        emptyMessage={emptyMessage}
      />
      {data ? (
        <Pager
          label={t('tasks.pagerLabel')}
          page={filters.page}
          total={data.total}
          pageSize={WORKSPACE_PAGE_SIZE}
          onPage={onPage}
        />
      ) : null}
      {actions.dialog}
    </>
  );
}

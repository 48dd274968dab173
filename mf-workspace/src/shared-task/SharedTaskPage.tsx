import styled from 'styled-components';
import { useSearchParams } from '@platform/router';
import { PageBody, PageHeader } from '@platform/remote-kit';
import type { PublicTask } from '@platform/contracts';
import { Badge, Card, EmptyState, ErrorState, Skeleton } from '@platform/ui';
import { useGetSharedTaskQuery } from '../api/workspaceApi';
import { useWorkspaceT } from '../i18n';
import {
  DateTimeText,
  DayText,
  Facts,
  TaskStateBadge,
  readApiError,
  useLanguageName,
} from '../projects/parts';
import { QualityCell, TargetCell } from '../tasks/TaskList';

const Description = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  overflow-wrap: anywhere;
`;

const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

function SharedTask({ task }: { task: PublicTask }) {
  const t = useWorkspaceT();
  const languageName = useLanguageName();
  return (
    <Card title={t('sharedTask.about')} headingLevel={2}>
      <Description translate="no">{task.description}</Description>
      <Facts>
        <div>
          <dt>{t('sharedTask.project')}</dt>
          <dd translate="no">{task.project}</dd>
        </div>
        <div>
          <dt>{t('sharedTask.languages')}</dt>
          <dd>{task.languages.map(languageName).join(', ')}</dd>
        </div>
        <div>
          <dt>{t('sharedTask.state')}</dt>
          <dd>
            <TaskStateBadge state={task.state} overdue={task.overdue} />
          </dd>
        </div>
        <div>
          <dt>{t('sharedTask.priority')}</dt>
          <dd>
            <Badge>{t(`tasks.priorities.${task.priority}`)}</Badge>
          </dd>
        </div>
        <div>
          <dt>{t('sharedTask.dueDate')}</dt>
          <dd>
            <DayText day={task.dueDate} />
          </dd>
        </div>
        <div>
          <dt>{t('sharedTask.target')}</dt>
          <dd>
            <TargetCell target={task.target} label={t('sharedTask.targetLabel')} />
          </dd>
        </div>
        <div>
          <dt>{t('sharedTask.quality')}</dt>
          <dd>
            <QualityCell quality={task.quality} />
          </dd>
        </div>
        <div>
          <dt>{t('sharedTask.updated')}</dt>
          <dd>
            <DateTimeText iso={task.updatedAt} />
          </dd>
        </div>
      </Facts>
    </Card>
  );
}

/** /shared/task?token=: a shared task's progress for anyone with the link, signed in or not. */
export function SharedTaskPage() {
  const t = useWorkspaceT();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const wellFormed = TOKEN.test(token);
  const task = useGetSharedTaskQuery(token, { skip: !wellFormed });
  const failure = task.isError ? readApiError(task.error) : null;

  const body = () => {
    if (!wellFormed || failure?.status === 404) {
      return (
        <EmptyState headingLevel={2} title={t('sharedTask.gone')} description={t('sharedTask.goneHint')} />
      );
    }
    if (failure) {
      return (
        <ErrorState
          headingLevel={2}
          title={t('sharedTask.failed')}
          onRetry={() => void task.refetch()}
          retryLabel={t('sharedTask.retry')}
          retrying={task.isFetching}
        />
      );
    }
    if (!task.currentData) {
      return (
        <div aria-busy="true">
          <Skeleton lines={4} height="1.25rem" />
        </div>
      );
    }
    return <SharedTask task={task.currentData} />;
  };

  return (
    <PageBody>
      <PageHeader title={t('titles.sharedTask')} subtitle={t('sharedTask.subtitle')} />
      {body()}
    </PageBody>
  );
}

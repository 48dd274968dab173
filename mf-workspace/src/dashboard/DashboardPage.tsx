import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { Link } from '@platform/router';
import { PageBody, PageHeader } from '@platform/remote-kit';
import {
  DEFAULT_LANGUAGE,
  languagesPage,
  pageUrl,
  projectsPage,
  speakPage,
  tasksPage,
} from '@platform/contracts/client';
import type { Notification } from '@platform/contracts';
import { useSession } from '@platform/store';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  ErrorState,
  MicIcon,
  Skeleton,
  StatCard,
  useToast,
} from '@platform/ui';
import {
  useGetDashboardCardsQuery,
  useGetMyContributionFiguresQuery,
  useGetMyNotificationsQuery,
  useGetMyRecordingLanguageQuery,
  useLazyGetPromptsToRecordQuery,
  useMarkNotificationsReadMutation,
} from '../api/workspaceApi';
import { useWorkspaceT } from '../i18n';
import { DateTimeText, Facts, LoadingFigure, Stack, useFormats, useLanguageName } from '../projects/parts';

const Lead = styled.p`
  margin-top: ${({ theme }) => theme.space[1]} !important;
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
  margin-top: ${({ theme }) => theme.space[4]};
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(13rem, 1fr));
  gap: ${({ theme }) => theme.space[4]};
`;

// The project facts' layout, with large figures.
const Figures = styled(Facts)`
  grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
  dd {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    font-variant-numeric: tabular-nums;
  }
  small {
    display: block;
    font-size: ${({ theme }) => theme.fontSizes.xs};
    font-weight: ${({ theme }) => theme.fontWeights.regular};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
`;

const Item = styled.li<{ $unread?: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $unread }) => ($unread ? theme.colors.primary.subtle : theme.colors.surface)};
  p {
    margin: 0;
  }
  time {
    display: block;
    font-size: ${({ theme }) => theme.fontSizes.xs};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** View Available Prompts: the sentences waiting for recordings in the person's language (Speak's call). */
function PromptsPanel({ id }: { id: string }) {
  const t = useWorkspaceT();
  const languageName = useLanguageName();
  const preferences = useGetMyRecordingLanguageQuery();
  const language = preferences.currentData?.language ?? DEFAULT_LANGUAGE;
  const [load, prompts] = useLazyGetPromptsToRecordQuery();
  const settled = preferences.currentData !== undefined || preferences.isError;
  useEffect(() => {
    if (settled) void load(language);
  }, [settled, language, load]);

  const body = () => {
    if (prompts.isError) {
      return (
        <ErrorState
          headingLevel={3}
          title={t('dashboard.prompts.failed')}
          onRetry={() => void load(language)}
          retryLabel={t('dashboard.retry')}
          retrying={prompts.isFetching}
        />
      );
    }
    if (!prompts.currentData) {
      return (
        <div aria-busy="true">
          <Skeleton lines={3} height="1.25rem" />
        </div>
      );
    }
    if (prompts.currentData.length === 0) {
      return (
        <EmptyState
          headingLevel={3}
          title={t('dashboard.prompts.none', { language: languageName(language) })}
        />
      );
    }
    return (
      <List>
        {prompts.currentData.map((sentence) => (
          <Item key={sentence.id}>
            <p lang={sentence.language} translate="no">
              {sentence.text}
            </p>
          </Item>
        ))}
      </List>
    );
  };

  return (
    <Card
      id={id}
      title={t('dashboard.prompts.title', { language: languageName(language) })}
      headingLevel={2}
      description={t('dashboard.prompts.description')}
      actions={
        <Button as={Link} to={pageUrl(speakPage)} size="sm" startIcon={<MicIcon />}>
          {t('dashboard.recordNew')}
        </Button>
      }
    >
      {body()}
    </Card>
  );
}

/** What a notification says, in the interface language, from its kind and parameters. */
function NotificationText({ item }: { item: Notification }) {
  const t = useWorkspaceT();
  const values = {
    project: item.project?.name ?? '',
    task: item.task?.description ?? '',
    by: item.by?.name ?? t('dashboard.notifications.someone'),
  };
  return <p>{t(`dashboard.notifications.kinds.${item.kind}`, values)}</p>;
}

function NotificationsPanel() {
  const t = useWorkspaceT();
  const toast = useToast();
  const notifications = useGetMyNotificationsQuery();
  const [markRead, marking] = useMarkNotificationsReadMutation();
  const data = notifications.currentData;

  const mark = async (ids?: string[]) => {
    try {
      await markRead(ids).unwrap();
    } catch {
      toast.show({ variant: 'error', title: t('dashboard.notifications.markFailed') });
    }
  };

  const body = () => {
    if (notifications.isError && !data) {
      return (
        <ErrorState
          headingLevel={3}
          title={t('dashboard.notifications.failed')}
          onRetry={() => void notifications.refetch()}
          retryLabel={t('dashboard.retry')}
          retrying={notifications.isFetching}
        />
      );
    }
    if (!data) {
      return (
        <div aria-busy="true">
          <Skeleton lines={3} height="1.25rem" />
        </div>
      );
    }
    if (data.items.length === 0) {
      return (
        <EmptyState
          headingLevel={3}
          title={t('dashboard.notifications.empty')}
          description={t('dashboard.notifications.emptyHint')}
        />
      );
    }
    return (
      <List>
        {data.items.map((item) => (
          <Item key={item.id} $unread={!item.read}>
            <div>
              <NotificationText item={item} />
              <DateTimeText iso={item.createdAt} />
            </div>
            {item.read ? (
              <Badge size="sm">{t('dashboard.notifications.read')}</Badge>
            ) : (
              <Button
                type="button"
                size="sm"
                variant="ghost"
                disabled={marking.isLoading}
                onClick={() => void mark([item.id])}
              >
                {t('dashboard.notifications.markRead')}
              </Button>
            )}
          </Item>
        ))}
      </List>
    );
  };

  return (
    <Card
      title={t('dashboard.notifications.title')}
      headingLevel={2}
      description={data ? t('dashboard.notifications.unread', { count: data.unread }) : undefined}
      actions={
        data && data.unread > 0 ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            loading={marking.isLoading}
            onClick={() => void mark()}
          >
            {t('dashboard.notifications.markAll')}
          </Button>
        ) : null
      }
    >
      {body()}
    </Card>
  );
}

function MyFigures() {
  const t = useWorkspaceT();
  const { number } = useFormats();
  const figures = useGetMyContributionFiguresQuery();
  const data = figures.currentData;
  if (figures.isError && !data) {
    return (
      <Card title={t('dashboard.figures.title')} headingLevel={2}>
        <ErrorState
          headingLevel={3}
          title={t('dashboard.figures.failed')}
          onRetry={() => void figures.refetch()}
          retryLabel={t('dashboard.retry')}
          retrying={figures.isFetching}
        />
      </Card>
    );
  }
  const rows: Array<{ key: string; value?: number; detail?: string }> = data
    ? [
        {
          key: 'recordings',
          value: data.recordings.submitted,
          detail: t('dashboard.figures.validated', { count: data.recordings.validated }),
        },
        { key: 'votes', value: data.votes },
        {
          key: 'sentences',
          value: data.sentences.written,
          detail: t('dashboard.figures.approved', { count: data.sentences.approved }),
        },
        {
          key: 'pairs',
          value: data.textPairs.added,
          detail: t('dashboard.figures.approved', { count: data.textPairs.approved }),
        },
        {
          key: 'donations',
          value: data.donations.submitted,
          detail: t('dashboard.figures.approved', { count: data.donations.approved }),
        },
        { key: 'reviews', value: data.reviews },
      ]
    : ['recordings', 'votes', 'sentences', 'pairs', 'donations', 'reviews'].map((key) => ({ key }));
  return (
    <Card title={t('dashboard.figures.title')} headingLevel={2}>
      <Figures aria-busy={data ? undefined : true}>
        {rows.map((row) => (
          <div key={row.key}>
            <dt>{t(`dashboard.figures.${row.key}`)}</dt>
            <dd>
              {row.value === undefined ? <Skeleton width="3rem" height="1.5rem" /> : number(row.value)}
              {row.detail ? <small>{row.detail}</small> : null}
            </dd>
          </div>
        ))}
      </Figures>
    </Card>
  );
}

/**
 * /dashboard: the welcome, Record New Audio and View Available Prompts, the four cards from the person's
 * projects and tasks, their own contribution figures and their latest notifications.
 */
export function DashboardPage() {
  const t = useWorkspaceT();
  const languageName = useLanguageName();
  const { number } = useFormats();
  const session = useSession();
  const cards = useGetDashboardCardsQuery();
  const [showPrompts, setShowPrompts] = useState(false);
  const promptsId = useId();
  const name = session.user?.firstname.trim();

  const value = (key: 'activeProjects' | 'pendingTasks' | 'completedTasks' | 'languagesCovered') =>
    cards.currentData ? number(cards.currentData[key]) : cards.isError ? '—' : undefined;
  const cardList = [
    { key: 'activeProjects', href: pageUrl(projectsPage) },
    { key: 'pendingTasks', href: pageUrl(tasksPage) },
    { key: 'completedTasks', href: pageUrl(tasksPage, { status: 'completed' }) },
    { key: 'languagesCovered', href: pageUrl(languagesPage) },
  ] as const;

  return (
    <PageBody>
      <PageHeader
        title={t('titles.dashboard')}
        subtitle={name ? t('dashboard.welcomeNamed', { name }) : t('dashboard.welcome')}
      >
        <Lead>{t('dashboard.subtitle')}</Lead>
        <Buttons>
          <Button as={Link} to={pageUrl(speakPage)} startIcon={<MicIcon />}>
            {t('dashboard.recordNew')}
          </Button>
          <Button
            type="button"
            variant="outline"
            aria-expanded={showPrompts}
            aria-controls={showPrompts ? promptsId : undefined}
            onClick={() => setShowPrompts((open) => !open)}
          >
            {t(showPrompts ? 'dashboard.hidePrompts' : 'dashboard.viewPrompts')}
          </Button>
        </Buttons>
      </PageHeader>
      <Stack>
        {showPrompts ? <PromptsPanel id={promptsId} /> : null}
        <section aria-label={t('dashboard.cardsLabel')}>
          <Grid>
            {cardList.map(({ key, href }) => (
              <StatCard
                key={key}
                label={t(`dashboard.cards.${key}`)}
                value={value(key) ?? <LoadingFigure label={t('dashboard.loading')} />}
                description={
                  key === 'languagesCovered' && cards.currentData && cards.currentData.languages.length > 0
                    ? cards.currentData.languages.map(languageName).join(', ')
                    : undefined
                }
                href={href}
                linkAs={Link}
              />
            ))}
          </Grid>
          {cards.isError ? (
            <p role="alert">
              {t('dashboard.cardsFailed')}{' '}
              <Button type="button" variant="ghost" size="sm" onClick={() => void cards.refetch()}>
                {t('dashboard.retry')}
              </Button>
            </p>
          ) : null}
        </section>
        <MyFigures />
        <NotificationsPanel />
      </Stack>
    </PageBody>
  );
}

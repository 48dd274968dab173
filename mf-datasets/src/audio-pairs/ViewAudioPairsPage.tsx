import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Link } from '@platform/router';
import { PageBody, PageHeader, useUrlFilters } from '@platform/remote-kit';
import {
  AUDIO_PAIR_PAGE_SIZE,
  AUDIO_PAIR_STATUSES,
  DIALECTS,
  pageUrl,
  REVIEWING_ROLES,
  signinPage,
  viewAudioPairsPage,
} from '@platform/contracts/client';
import type { AudioPairRecord, AudioPairStatus, Dialect } from '@platform/contracts';
import { useSession } from '@platform/store';
import {
  Badge,
  Button,
  CheckIcon,
  EmptyState,
  ErrorState,
  FilterBar,
  Select,
  Table,
  XIcon,
  useToast,
  type BadgeVariant,
  type TableColumn,
} from '@platform/ui';
import { useDecideAudioPairMutation, useGetAudioPairsQuery } from '../api/datasetsApi';
import { readApiError } from '../api/errorMessage';
import { useDatasetsT } from '../i18n';
import { useFormats } from '../shared/format';
import { Pager } from '../shared/Pager';
import { AudioPairPlayer } from './AudioPairPlayer';
import { RejectDialog } from './RejectDialog';
import { pageCountOf } from './audioPairFilters';

const Scope = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Id = styled.code`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  overflow-wrap: anywhere;
`;

const Text = styled.span`
  display: block;
  min-width: 10rem;
  max-width: 16rem;
  overflow-wrap: anywhere;
`;

const Missing = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-style: italic;
`;

const StatusCell = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 9rem;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  p {
    margin: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
`;

const STATUS_BADGE: Record<AudioPairStatus, BadgeVariant> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
};

const isDialect = (value: string): value is Dialect => (DIALECTS as readonly string[]).includes(value);
const isStatus = (value: string): value is AudioPairStatus =>
  (AUDIO_PAIR_STATUSES as readonly string[]).includes(value);

/** Reviewers and admins decide pending pairs (the contract's access of postAudioPairDecision). */
const DECIDING_ROLES: ReadonlySet<string> = new Set(REVIEWING_ROLES);

function SignInNeeded() {
  const t = useDatasetsT();
  return (
    <EmptyState
      headingLevel={2}
      title={t('viewAudioPairs.signInTitle')}
      description={t('viewAudioPairs.signInDescription')}
      action={
        <Button as={Link} to={pageUrl(signinPage)}>
          {t('viewAudioPairs.signIn')}
        </Button>
      }
    />
  );
}

/** A text as spoken, or the SPEC's 'Text not found'. */
function PairText({ text, lang }: { text: string; lang: 'en' | 'yo' }) {
  const t = useDatasetsT();
  if (!text.trim()) return <Missing>{t('viewAudioPairs.textNotFound')}</Missing>;
  return (
    <Text translate="no" lang={lang}>
      {text}
    </Text>
  );
}

function PairStatus({ pair }: { pair: AudioPairRecord }) {
  const t = useDatasetsT();
  const { dateTime } = useFormats();
  const { decision } = pair;
  return (
    <StatusCell data-status={pair.status}>
      <Badge variant={STATUS_BADGE[pair.status]}>{t(`viewAudioPairs.statuses.${pair.status}`)}</Badge>
      {decision && pair.status !== 'pending' ? (
        <>
          <p data-testid="audio-pair-decision">
            {t(`viewAudioPairs.decidedBy.${pair.status}`, { by: decision.by, at: dateTime(decision.at) })}
          </p>
          {decision.reason ? <p>{t('viewAudioPairs.decisionReason', { reason: decision.reason })}</p> : null}
        </>
      ) : null}
    </StatusCell>
  );
}

/**
 * /data/view-audio-pair: donated pairs, filtered by dialect and status in the URL (shareable, kept on reload),
 * five per page from the server. Reviewers and admins see everyone's and approve or reject pending ones;
 * anyone else sees their own.
 */
export function ViewAudioPairsPage() {
  const t = useDatasetsT();
  const toast = useToast();
  const session = useSession();
  // What the list shows is in the address (?dialect=&status=&page=): shareable, kept on reload.
  const [filters, setFilters] = useUrlFilters(viewAudioPairsPage, { page: 1 });
  const pairs = useGetAudioPairsQuery(filters);
  const [decide, deciding] = useDecideAudioPairMutation();
  const [rejecting, setRejecting] = useState<string | null>(null);
  const canDecide = session.user !== null && DECIDING_ROLES.has(session.user.role);

  // A page past the end (a shared link after pairs were decided, or a hand-edited URL): the last page.
  const data = pairs.currentData;
  // While another page loads, the pager stays where it is (from the last answer) rather than vanishing.
  const pagerData = pairs.isError ? undefined : pairs.data;
  const lastPage = data ? pageCountOf(data.total) : 1;
  const pastTheEnd = data !== undefined && data.items.length === 0 && filters.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) setFilters({ page: lastPage }, { replace: true });
  });

  const failure = pairs.isError ? readApiError(pairs.error) : null;
  if (failure?.status === 401) {
    return (
      <PageBody>
        <PageHeader title={t('titles.viewAudioPairs')} subtitle={t('subtitles.viewAudioPairs')} />
        <SignInNeeded />
      </PageBody>
    );
  }

  const send = async (pair: AudioPairRecord, status: 'approved' | 'rejected', reason?: string) => {
    if (deciding.isLoading) return;
    try {
      await decide({ id: pair.audio_id, status, ...(reason ? { reason } : {}) }).unwrap();
      setRejecting(null);
      toast.show({
        variant: 'success',
        title: t(status === 'approved' ? 'viewAudioPairs.approvedToast' : 'viewAudioPairs.rejectedToast'),
        description: t('viewAudioPairs.decidedToastHint', { id: pair.audio_id }),
      });
    } catch (error) {
      const failed = readApiError(error);
      if (failed.status === 409) {
        // Decided by someone else meanwhile: the list is read again and shows their decision.
        setRejecting(null);
        toast.show({ variant: 'info', title: t('viewAudioPairs.alreadyDecided') });
        return;
      }
      toast.show({ variant: 'error', title: t('viewAudioPairs.decideFailed') });
    }
  };

  const busyWith = deciding.isLoading ? deciding.originalArgs : undefined;

  const columns: TableColumn<AudioPairRecord>[] = [
    {
      key: 'audio_id',
      header: t('viewAudioPairs.columns.audioId'),
      render: (pair) => <Id translate="no">{pair.audio_id}</Id>,
    },
    {
      key: 'user_id',
      header: t('viewAudioPairs.columns.userId'),
      render: (pair) => <Id translate="no">{pair.user_id}</Id>,
    },
    {
      key: 'user_dialect',
      header: t('viewAudioPairs.columns.dialect'),
      render: (pair) => t(`viewAudioPairs.dialects.${pair.user_dialect}`),
    },
    {
      key: 'status',
      header: t('viewAudioPairs.columns.status'),
      render: (pair) => <PairStatus pair={pair} />,
    },
    {
      key: 'source_lang_text',
      header: t('viewAudioPairs.columns.english'),
      render: (pair) => <PairText text={pair.source_lang_text} lang="en" />,
    },
    {
      key: 'target_lang_text',
      header: t('viewAudioPairs.columns.yoruba'),
      render: (pair) => <PairText text={pair.target_lang_text} lang="yo" />,
    },
    {
      key: 'source_lang_audio',
      header: t('viewAudioPairs.columns.englishAudio'),
      render: (pair) => (
        <AudioPairPlayer
          key={pair.source_lang_audio}
          audioId={pair.audio_id}
          side="english"
          path={pair.source_lang_audio}
        />
      ),
    },
    {
      key: 'target_lang_audio',
      header: t('viewAudioPairs.columns.yorubaAudio'),
      render: (pair) => (
        <AudioPairPlayer
          key={pair.target_lang_audio}
          audioId={pair.audio_id}
          side="yoruba"
          path={pair.target_lang_audio}
        />
      ),
    },
  ];
  if (canDecide) {
    columns.push({
      key: 'review',
      header: t('viewAudioPairs.columns.review'),
      render: (pair) =>
        pair.status === 'pending' ? (
          <Actions>
            <Button
              type="button"
              size="sm"
              startIcon={<CheckIcon />}
              aria-label={t('viewAudioPairs.approveLabel', { id: pair.audio_id })}
              disabled={deciding.isLoading}
              loading={busyWith?.id === pair.audio_id && busyWith.status === 'approved'}
              onClick={() => void send(pair, 'approved')}
            >
              {t('viewAudioPairs.approve')}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="danger"
              startIcon={<XIcon />}
              aria-label={t('viewAudioPairs.rejectLabel', { id: pair.audio_id })}
              disabled={deciding.isLoading}
              onClick={() => setRejecting(pair.audio_id)}
            >
              {t('viewAudioPairs.reject')}
            </Button>
          </Actions>
        ) : (
          <Missing>{t('viewAudioPairs.noAction')}</Missing>
        ),
    });
  }

  const rejectingPair = data?.items.find((p) => p.audio_id === rejecting) ?? null;
  const loading = data === undefined && !pairs.isError;

  return (
    <PageBody>
      <PageHeader title={t('titles.viewAudioPairs')} subtitle={t('subtitles.viewAudioPairs')} />
      <FilterBar role="search" aria-label={t('viewAudioPairs.filters.label')}>
        <Select
          label={t('viewAudioPairs.filters.dialect')}
          value={filters.dialect ?? ''}
          onChange={(e) => {
            const value = e.target.value;
            setFilters({ dialect: isDialect(value) ? value : undefined });
          }}
          options={[
            { value: '', label: t('viewAudioPairs.filters.allDialects') },
            ...DIALECTS.map((d) => ({ value: d, label: t(`viewAudioPairs.dialects.${d}`) })),
          ]}
        />
        <Select
          label={t('viewAudioPairs.filters.status')}
          value={filters.status ?? ''}
          onChange={(e) => {
            const value = e.target.value;
            setFilters({ status: isStatus(value) ? value : undefined });
          }}
          options={[
            { value: '', label: t('viewAudioPairs.filters.allStatuses') },
            ...AUDIO_PAIR_STATUSES.map((s) => ({ value: s, label: t(`viewAudioPairs.statuses.${s}`) })),
          ]}
        />
        {filters.dialect || filters.status ? (
          <Button
            type="button"
            variant="ghost"
            onClick={() => setFilters({ dialect: undefined, status: undefined })}
          >
            {t('viewAudioPairs.filters.clear')}
          </Button>
        ) : null}
      </FilterBar>
      {session.user ? (
        <Scope>{t(canDecide ? 'viewAudioPairs.scope.everyone' : 'viewAudioPairs.scope.own')}</Scope>
      ) : null}
      {pairs.isError && !data ? (
        <ErrorState
          headingLevel={2}
          title={t('viewAudioPairs.fetchFailed')}
          onRetry={() => void pairs.refetch()}
          retryLabel={t('viewAudioPairs.retry')}
          retrying={pairs.isFetching}
        />
      ) : (
        <>
          <Table
            caption={t('viewAudioPairs.caption')}
            captionHidden
            columns={columns}
            rows={data?.items ?? []}
            getRowKey={(pair) => pair.audio_id}
            loading={loading}
            loadingRows={AUDIO_PAIR_PAGE_SIZE}
            emptyMessage={t('viewAudioPairs.empty')}
          />
          {pagerData && pagerData.total > 0 ? (
            <Pager
              label={t('viewAudioPairs.pagerLabel')}
              page={Math.min(filters.page, pageCountOf(pagerData.total))}
              total={pagerData.total}
              pageSize={AUDIO_PAIR_PAGE_SIZE}
              onPage={(page) => setFilters({ page })}
              rangeTestId="audio-pair-range"
            />
          ) : null}
        </>
      )}
      <RejectDialog
        audioId={rejectingPair?.audio_id ?? null}
        busy={deciding.isLoading}
        onCancel={() => setRejecting(null)}
        onReject={(reason) => {
          if (rejectingPair) void send(rejectingPair, 'rejected', reason);
        }}
      />
    </PageBody>
  );
}

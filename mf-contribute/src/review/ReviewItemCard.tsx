import { useState } from 'react';
import styled from 'styled-components';
import { REVIEW_REJECT_REASONS } from '@platform/contracts/client';
import type { ReviewPair, ReviewRejectReason, ReviewSentence } from '@platform/contracts';
import { useSession } from '@platform/store';
import { Button, Card, CheckIcon, Select, useToast, XIcon } from '@platform/ui';
import { useDecideReviewItemMutation, useJudgeReviewItemMutation } from '../api/contributeApi';
import { errorMessage, errorStatus } from '../api/errorMessage';
import { useContributeT } from '../i18n';
import { ActionRow, Centered, SentenceText } from '../shared/RoundButton';
import { ShortcutList } from '../shared/ShortcutList';
import { useShortcuts, type Shortcut } from '../shared/useShortcuts';
import { LANGUAGE_OWN_NAMES } from '../write/languageNames';

const Prompt = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => `${theme.space[1]} ${theme.space[4]}`};
  margin: 0;
  width: 100%;
  max-width: 36rem;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  dt {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Verdicts = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[4]};
  button {
    min-width: 7rem;
  }
`;

const Tally = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ReasonField = styled.div`
  width: 100%;
  max-width: 20rem;
`;

const AdminRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]};
  padding-top: ${({ theme }) => theme.space[3]};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export type ReviewItem = ReviewSentence | ReviewPair;

const isReason = (value: string): value is ReviewRejectReason =>
  (REVIEW_REJECT_REASONS as readonly string[]).includes(value);

/** What the item says: a sentence with its language, citation and domains, or both sides of a pair. */
function ItemContent({ item }: { item: ReviewItem }) {
  const t = useContributeT();
  if (item.kind === 'sentence') {
    return (
      <>
        <Prompt>{t('review.sentencePrompt')}</Prompt>
        <SentenceText translate="no" lang={item.language} data-testid="review-text">
          {item.text}
        </SentenceText>
        <Facts>
          <dt>{t('review.language')}</dt>
          <dd translate="no" lang={item.language}>
            {LANGUAGE_OWN_NAMES[item.language]}
          </dd>
          <dt>{t('review.citation')}</dt>
          <dd translate="no">{item.citation}</dd>
          <dt>{t('review.domains')}</dt>
          <dd>
            {item.domains.length > 0
              ? item.domains.map((d) => t(`write.domainNames.${d}`)).join(', ')
              : t('review.noDomains')}
          </dd>
        </Facts>
      </>
    );
  }
  return (
    <>
      <Prompt>{t('review.pairPrompt')}</Prompt>
      <Facts>
        <dt>{t('review.english')}</dt>
        <dd translate="no" lang="en" data-testid="review-english">
          {item.source_lang_text}
        </dd>
        <dt>{t('review.yoruba')}</dt>
        <dd translate="no" lang="yo" data-testid="review-yoruba">
          {item.target_lang_text}
        </dd>
        <dt>{t('review.category')}</dt>
        <dd>{t(`review.categories.${item.text_category}`)}</dd>
      </Facts>
    </>
  );
}

export interface ReviewItemCardProps {
  item: ReviewItem;
  /** The item is done with (judged, skipped, or decided by someone else): show the next one. */
  onDone: () => void;
}

/** One pending sentence or pair: Approve (A), Reject (R) with an optional reason, Skip (K). */
export function ReviewItemCard({ item, onDone }: ReviewItemCardProps) {
  const t = useContributeT();
  const toast = useToast();
  const [reason, setReason] = useState<ReviewRejectReason | ''>('');
  const [judge, state] = useJudgeReviewItemMutation();
  const [decide, decideState] = useDecideReviewItemMutation();
  const isAdmin = useSession().user?.role === 'admin';
  const busy = state.isLoading || decideState.isLoading;

  const send = async (verdict: 'approve' | 'reject' | 'skip') => {
    if (busy) return;
    try {
      await judge({
        kind: item.kind,
        id: item.id,
        verdict,
        ...(verdict === 'reject' && reason ? { reason } : {}),
      }).unwrap();
      if (verdict !== 'skip') {
        toast.show({
          title: verdict === 'approve' ? t('review.approved') : t('review.rejected'),
          description: t('review.thanks'),
          variant: 'success',
        });
      }
      onDone();
    } catch (error) {
      const status = errorStatus(error);
      if (status === 409) {
        // Decided by others meanwhile (or already judged here): no fault of the person's; on to the next.
        toast.show({
          title: t('review.decidedMeanwhile'),
          description: t('review.decidedMeanwhileHint'),
          variant: 'info',
        });
        onDone();
        return;
      }
      toast.show({
        title: verdict === 'skip' ? t('review.skipFailed') : t('review.submitFailed'),
        description: errorMessage(error),
        variant: 'error',
      });
      // Gone (404) or not this person's to judge (403): nothing more can be done with this one.
      if (status === 404 || status === 403) onDone();
    }
  };

  // Admins only: one decision, recorded as such, instead of waiting for two reviewers.
  const decideNow = async (status: 'validated' | 'rejected') => {
    if (busy) return;
    try {
      await decide({
        kind: item.kind,
        id: item.id,
        status,
        ...(status === 'rejected' && reason ? { reason } : {}),
      }).unwrap();
      toast.show({ title: t('review.admin.decided'), variant: 'success' });
      onDone();
    } catch (error) {
      if (errorStatus(error) === 409) {
        toast.show({
          title: t('review.decidedMeanwhile'),
          description: t('review.decidedMeanwhileHint'),
          variant: 'info',
        });
        onDone();
        return;
      }
      toast.show({ title: t('review.submitFailed'), description: errorMessage(error), variant: 'error' });
      if (errorStatus(error) === 404) onDone();
    }
  };

  const shortcuts: Shortcut[] = [
    { key: 'a', label: t('review.approve'), run: () => void send('approve'), disabled: busy },
    { key: 'r', label: t('review.reject'), run: () => void send('reject'), disabled: busy },
    { key: 'k', label: t('common.skip'), run: () => void send('skip'), disabled: busy },
  ];
  useShortcuts(shortcuts);
  const pending = state.originalArgs?.verdict;

  return (
    <Card aria-label={t('review.card')} padding="lg" elevated>
      <Centered>
        <ItemContent item={item} />
        <Tally>{t('review.tally', { approvals: item.approvals, rejections: item.rejections })}</Tally>
        <Verdicts>
          <Button
            variant="primary"
            size="lg"
            startIcon={<CheckIcon />}
            disabled={busy}
            loading={busy && pending === 'approve'}
            onClick={() => void send('approve')}
          >
            {t('review.approve')}
          </Button>
          <Button
            variant="danger"
            size="lg"
            startIcon={<XIcon />}
            disabled={busy}
            loading={busy && pending === 'reject'}
            onClick={() => void send('reject')}
          >
            {t('review.reject')}
          </Button>
        </Verdicts>
        <ReasonField>
          <Select
            label={t('review.reason')}
            value={reason}
            disabled={busy}
            onChange={(event) => setReason(isReason(event.target.value) ? event.target.value : '')}
            options={[
              { value: '', label: t('review.noReason') },
              ...REVIEW_REJECT_REASONS.map((r) => ({ value: r, label: t(`review.reasons.${r}`) })),
            ]}
          />
        </ReasonField>
        <ActionRow>
          <Button
            variant="outline"
            disabled={busy}
            loading={busy && pending === 'skip'}
            onClick={() => void send('skip')}
          >
            {t('common.skip')}
          </Button>
        </ActionRow>
        {isAdmin ? (
          <AdminRow role="group" aria-label={t('review.admin.label')}>
            <span>{t('review.admin.label')}</span>
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              loading={decideState.isLoading && decideState.originalArgs?.status === 'validated'}
              onClick={() => void decideNow('validated')}
            >
              {t('review.admin.approve')}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              loading={decideState.isLoading && decideState.originalArgs?.status === 'rejected'}
              onClick={() => void decideNow('rejected')}
            >
              {t('review.admin.reject')}
            </Button>
          </AdminRow>
        ) : null}
        <ShortcutList shortcuts={shortcuts} />
      </Centered>
    </Card>
  );
}

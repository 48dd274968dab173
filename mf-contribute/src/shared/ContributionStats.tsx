import styled from 'styled-components';
import { Skeleton } from '@platform/ui';
import { useGetUserStatsQuery } from '../api/contributeApi';
import { useContributeT } from '../i18n';

const Line = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space[1]} ${theme.space[4]}`};
  margin: 0 0 ${({ theme }) => theme.space[4]};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  strong {
    color: ${({ theme }) => theme.colors.text};
  }
`;

/** Which of the person's figures a page shows: its own kind of work. */
export type StatsFigures = 'recordings' | 'sentences' | 'reviews' | 'donations';

/**
 * The person's own figures from GET /api/user/stats. Submitting, voting, writing and reviewing invalidate
 * the cached stats, so the line follows along. A failure leaves the line out: the page's work does not
 * depend on it.
 */
export function ContributionStats({ figures = 'recordings' }: { figures?: StatsFigures }) {
  const t = useContributeT();
  const { data, isLoading } = useGetUserStatsQuery();
  if (isLoading) {
    return (
      <Line aria-busy="true" aria-label={t('stats.label')}>
        <Skeleton width="20rem" />
      </Line>
    );
  }
  if (!data) return null;
  if (figures === 'sentences') {
    return (
      <Line aria-label={t('stats.label')} data-testid="contribution-stats">
        <span data-stat="written">{t('stats.written', { count: data.sentences.written })}</span>
        <span data-stat="approved">{t('stats.approved', { count: data.sentences.approved })}</span>
      </Line>
    );
  }
  if (figures === 'donations') {
    return (
      <Line aria-label={t('stats.label')} data-testid="contribution-stats">
        <span data-stat="donations">{t('stats.donations', { count: data.donations.submitted })}</span>
        <span data-stat="donationsApproved">{t('stats.approved', { count: data.donations.approved })}</span>
      </Line>
    );
  }
  if (figures === 'reviews') {
    return (
      <Line aria-label={t('stats.label')} data-testid="contribution-stats">
        <span data-stat="reviews">{t('stats.reviews', { count: data.reviews })}</span>
      </Line>
    );
  }
  const { submitted, validated } = data.recordings;
  return (
    <Line aria-label={t('stats.label')} data-testid="contribution-stats">
      <span data-stat="submitted">{t('stats.submitted', { count: submitted })}</span>
      <span data-stat="validated">{t('stats.validated', { count: validated })}</span>
      <span data-stat="votes">{t('stats.votes', { count: data.votes })}</span>
      <span data-stat="skips">{t('stats.skips', { count: data.skips })}</span>
    </Line>
  );
}

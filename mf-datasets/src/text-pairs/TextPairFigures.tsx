import styled from 'styled-components';
import { Skeleton } from '@platform/ui';
import type { UserStats } from '@platform/contracts';
import { useDatasetsT } from '../i18n';

const Line = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space[1]} ${theme.space[4]}`};
  margin: 0 0 ${({ theme }) => theme.space[4]};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * The person's own text pair figures from GET /api/user/stats: added, and approved by reviewers. Adding a
 * pair invalidates the cached figures, so the line follows along. Without figures (the call failed) the
 * line is left out: adding pairs does not depend on it.
 */
export function TextPairFigures({ stats, loading }: { stats: UserStats | undefined; loading: boolean }) {
  const t = useDatasetsT();
  if (loading) {
    return (
      <Line aria-busy="true" aria-label={t('addTextPair.stats.label')}>
        <Skeleton width="16rem" />
      </Line>
    );
  }
  if (!stats) return null;
  return (
    <Line aria-label={t('addTextPair.stats.label')} data-testid="text-pair-stats">
      <span data-stat="pairs-added">{t('addTextPair.stats.added', { count: stats.textPairs.added })}</span>
      <span data-stat="pairs-approved">
        {t('addTextPair.stats.approved', { count: stats.textPairs.approved })}
      </span>
    </Line>
  );
}

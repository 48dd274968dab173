import styled from 'styled-components';
import { Skeleton } from '@platform/ui';
import { useGetUserStatsQuery } from '../api/contributeApi';

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

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/**
 * The person's own figures from GET /api/user/stats. Submitting and voting invalidate the cached stats,
 * so the line follows along. A failure leaves the line out: the page's work does not depend on it.
 */
export function ContributionStats() {
  const { data, isLoading } = useGetUserStatsQuery();
  if (isLoading) {
    return (
      <Line aria-busy="true" aria-label="Your contributions">
        <Skeleton width="20rem" />
      </Line>
    );
  }
  if (!data) return null;
  const { submitted, validated } = data.recordings;
  return (
    <Line aria-label="Your contributions" data-testid="contribution-stats">
      <span data-stat="submitted">
        <strong>{submitted}</strong> {plural(submitted, 'recording', 'recordings')} submitted
      </span>
      <span data-stat="validated">
        <strong>{validated}</strong> validated
      </span>
      <span data-stat="votes">
        <strong>{data.votes}</strong> {plural(data.votes, 'vote', 'votes')} cast
      </span>
      <span data-stat="skips">
        <strong>{data.skips}</strong> skipped
      </span>
    </Line>
  );
}

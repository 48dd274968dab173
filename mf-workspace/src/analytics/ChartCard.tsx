import { Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { translateError } from '@platform/i18n';
import { readApiError } from '@platform/store';
import { Button, Card, EmptyState, ErrorState, FigureTable, Skeleton, VisuallyHidden } from '@platform/ui';
import type { FigureColumn } from '@platform/ui';
import { useWorkspaceT } from '../i18n';

/** Codes that only say "it failed": the card's own sentence says that better. */
const GENERIC_CODES = new Set(['request.refused', 'server.internal', 'client.error', 'network.unreachable']);

export type Column<T> = FigureColumn<T>;

const Summary = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

// The plain table, ruled, its figures right-aligned.
const ChartTable = styled(FigureTable)`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  caption {
    text-align: left;
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    padding-bottom: ${({ theme }) => theme.space[2]};
  }
  th,
  td {
    text-align: left;
    padding: ${({ theme }) => theme.space[2]};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  td + td,
  th + th {
    text-align: right;
  }
` as typeof FigureTable; // styled() drops the row type parameter; the props are unchanged

export interface ChartCardProps<T> {
  title: string;
  description?: string;
  /** The rows the chart draws; undefined until they arrive. */
  rows: readonly T[] | undefined;
  columns: readonly Column<T>[];
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  /** A sentence saying what the chart shows. */
  summary: string;
  /** Whether there is nothing to draw yet (every figure zero, or no rows). */
  empty: boolean;
  /** The chart itself (lazily loaded); hidden from assistive technology, which reads the table. */
  chart: ReactNode;
  children?: ReactNode;
}

/**
 * One analytics chart in its card: its loading, error and 'no data yet' states, a one-sentence summary, and
 * its data as a table: visually hidden under the chart, or shown in its place with "Table view".
 */
export function ChartCard<T>({
  title,
  description,
  rows,
  columns,
  isLoading,
  error,
  onRetry,
  summary,
  empty,
  chart,
  children,
}: ChartCardProps<T>) {
  const t = useWorkspaceT();
  const [asTable, setAsTable] = useState(false);
  const ready = !isLoading && !error && rows !== undefined;
  let body: ReactNode;
  if (error) {
    const failure = readApiError(error);
    body = (
      <ErrorState
        title={t('analytics.states.errorTitle')}
        message={
          GENERIC_CODES.has(failure.code)
            ? t('analytics.states.errorText')
            : translateError(failure.code, failure.message)
        }
        onRetry={onRetry}
        retryLabel={t('analytics.states.retry')}
      />
    );
  } else if (!ready) {
    body = (
      <div role="status">
        <VisuallyHidden>{t('analytics.states.loading')}</VisuallyHidden>
        <Skeleton height={220} />
      </div>
    );
  } else if (empty) {
    body = (
      <EmptyState title={t('analytics.states.emptyTitle')} description={t('analytics.states.emptyText')} />
    );
  } else {
    body = (
      <>
        <Summary>{summary}</Summary>
        {asTable ? (
          <ChartTable caption={title} rows={rows} columns={columns} />
        ) : (
          <>
            <div aria-hidden="true">
              <Suspense fallback={<Skeleton height={220} />}>{chart}</Suspense>
            </div>
            <VisuallyHidden>
              <ChartTable caption={title} rows={rows} columns={columns} />
            </VisuallyHidden>
          </>
        )}
      </>
    );
  }
  return (
    <Card
      title={title}
      description={description}
      actions={
        ready && !empty ? (
          <Button variant="ghost" size="sm" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
            {t('analytics.tableView')}
          </Button>
        ) : null
      }
    >
      {children}
      {body}
    </Card>
  );
}

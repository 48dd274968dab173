import { lazy, Suspense, useEffect, useState } from 'react';
import styled from 'styled-components';
import { Link, useLocation } from '@platform/router';
import { signinPathFor } from '@platform/remote-kit';
import { authApi, useAppDispatch } from '@platform/store';
import { translateError } from '@platform/i18n';
import { Button, useToast } from '@platform/ui';
import { useContributeT } from '../i18n';
import { useContributionQueue } from './useContributionQueue';

// The list opens on demand: its code is not part of the page's first load.
const QueuePanel = lazy(() => import('./QueuePanel'));

const Bar = styled.div<{ $shown: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  /* The live status stays in the page while empty, so the first count is announced; it takes no room. */
  margin-top: ${({ theme, $shown }) => ($shown ? theme.space[3] : '0')};
`;

const Note = styled.p<{ $tone: 'warning' }>`
  margin: 0;
  padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $tone }) => theme.colors[$tone].subtle};
  color: ${({ theme, $tone }) => theme.colors[$tone].subtleText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  a {
    display: inline-flex;
    align-items: center;
    min-height: 2.75rem;
    margin-left: ${({ theme }) => theme.space[2]};
    color: inherit;
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

/**
 * The contribution pages' queue in their header: how many contributions wait on the device ("3 waiting",
 * hidden when none), a button that opens their list, and the request to sign in again when the session that
 * was to send them has ended. (The offline state is said by the shell's layouts, above every page.)
 */
export function QueueStatus() {
  const t = useContributeT();
  const toast = useToast();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const { queue, snapshot } = useContributionQueue();
  const [open, setOpen] = useState(false);

  // A refusal that came after the person moved on (Speak and Listen go on at once): said once, here.
  useEffect(
    () =>
      queue.onRefusal((entry, refusal) =>
        toast.show({
          title: t('queue.refusedTitle', { kind: t(`queue.kinds.${entry.contribution.kind}`) }),
          description: translateError(refusal.code, refusal.message),
          variant: 'error',
        }),
      ),
    [queue, t, toast],
  );

  const count = snapshot.items.length;
  const failed = snapshot.items.filter((item) => item.state === 'failed').length;
  const label = t('queue.summary', { count, failed });

  return (
    <Bar data-testid="contribution-queue" $shown={count > 0 || snapshot.signInNeeded}>
      <div role="status">
        {count > 0 ? (
          <Button
            variant={failed ? 'danger' : 'outline'}
            size="lg"
            aria-haspopup="dialog"
            onClick={() => setOpen(true)}
          >
            {label}
          </Button>
        ) : null}
      </div>
      {snapshot.signInNeeded ? (
        <Note $tone="warning" role="alert">
          {t('queue.signInAgain')}
          <Link
            to={signinPathFor(location)}
            // The server has said the session is over: the sign-in page must not take the page's old
            // answer for a session still open and send the person back here.
            onClick={() => dispatch(authApi.util.upsertQueryData('session', undefined, null))}
          >
            {t('common.signIn')}
          </Link>
        </Note>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <QueuePanel onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </Bar>
  );
}

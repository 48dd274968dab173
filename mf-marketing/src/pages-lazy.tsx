import { Suspense, lazy } from 'react';
import type { ComponentType } from 'react';
import styled from 'styled-components';
import { Skeleton } from '@platform/ui';
import { usePagesCatalogue } from './page-texts/i18n';

const Waiting = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
`;

const waiting = (
  <Waiting aria-busy="true">
    <Skeleton lines={4} height="1.5rem" />
  </Waiting>
);

/**
 * A page's content in a chunk of its own, with its words (the mf_marketing_pages catalogue), fetched when the
 * page is shown: the remote's './routes' module and catalogue (which the landing page loads) then carry only
 * each page's frame, title and description, so the other public pages cost the landing page nothing. The
 * title (h1) stays outside, so the shell finds it to focus at once.
 */
export function lazyContent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Content = lazy(async () => ({ default: await load() }));
  function LazyContent(props: P) {
    const ready = usePagesCatalogue();
    if (!ready) return waiting;
    return (
      <Suspense fallback={waiting}>
        <Content {...props} />
      </Suspense>
    );
  }
  return LazyContent;
}

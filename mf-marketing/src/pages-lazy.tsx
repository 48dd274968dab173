import { Suspense, lazy } from 'react';
import type { ComponentType } from 'react';
import styled from 'styled-components';
import { Skeleton } from '@platform/ui';

const Waiting = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
`;

/**
 * A page's content in a chunk of its own, fetched when the page is shown: the remote's './routes' module
 * (which the landing page loads) then carries only each page's frame and title, so the other public pages
 * cost the landing page nothing. The title (h1) stays outside, so the shell finds it to focus at once.
 */
export function lazyContent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Content = lazy(async () => ({ default: await load() }));
  function LazyContent(props: P) {
    return (
      <Suspense
        fallback={
          <Waiting aria-busy="true">
            <Skeleton lines={4} height="1.5rem" />
          </Waiting>
        }
      >
        <Content {...props} />
      </Suspense>
    );
  }
  return LazyContent;
}

import { Suspense, lazy, useLayoutEffect, useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import type { PageDeclaration } from '@platform/contracts/client';
import { PageBody, PageHeader } from '@platform/remote-kit';
import { Skeleton } from '@platform/ui';
import { useContributeT } from './i18n';

/** A page as the remote's routes take it: no props. */
type Page = () => ReactNode;

/** The page's frame and title while its code arrives: the shell finds a heading to focus at once. */
function Arriving({ title, headingFocusedRef }: { title: string; headingFocusedRef: RefObject<boolean> }) {
  const frame = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const box = frame.current;
    // Runs as the page replaces this frame, before the frame leaves the document.
    return () => {
      headingFocusedRef.current = !!box && box.contains(document.activeElement);
    };
  }, [headingFocusedRef]);
  return (
    <div ref={frame}>
      <PageBody aria-busy="true">
        <PageHeader title={title} />
        <Skeleton lines={3} height="1.5rem" />
      </PageBody>
    </div>
  );
}

/** Hands the focus the arriving frame's heading had to the page's own heading. */
function Arrived({
  headingFocusedRef,
  children,
}: {
  headingFocusedRef: RefObject<boolean>;
  children: ReactNode;
}) {
  const frame = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!headingFocusedRef.current) return;
    headingFocusedRef.current = false;
    frame.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [headingFocusedRef]);
  return <div ref={frame}>{children}</div>;
}

/**
 * A page whose code is a chunk of its own, fetched when the page is first shown. Every contribution page
 * loads the remote's './routes' module first; with the other pages out of it, Speak's first load on a phone
 * carries only Speak. The service worker keeps these chunks too (they are in the remote's manifest), so the
 * pages still open offline.
 */
export function lazyPage(page: Pick<PageDeclaration, 'path' | 'title'>, load: () => Promise<Page>): Page {
  let code: Promise<Page> | undefined;
  const fetchCode = () => (code ??= load());
  const Loaded = lazy(async () => ({ default: await fetchCode() }));
  // The page being opened is asked for with this module, beside the texts the shell fetches before it
  // draws any page, not once they have come: on a slow link that is a round trip less.
  if (globalThis.location?.pathname === page.path) fetchCode().catch(() => undefined);
  function LazyPage() {
    fetchCode().catch(() => undefined);
    const t = useContributeT();
    const headingFocusedRef = useRef(false);
    return (
      <Suspense fallback={<Arriving title={t(page.title)} headingFocusedRef={headingFocusedRef} />}>
        <Arrived headingFocusedRef={headingFocusedRef}>
          <Loaded />
        </Arrived>
      </Suspense>
    );
  }
  return LazyPage;
}

import { Suspense, lazy, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { SiteHeader } from './SiteHeader';
import { useNear } from './useNear';

const SiteFooter = lazy(() => import('./SiteFooter'));

// Room for the footer before it arrives.
const FooterPlace = styled.div`
  min-height: 20rem;
`;

/**
 * A public page inside the site's own header and footer. The footer (and its newsletter box) is its own
 * chunk, fetched as the visitor nears it: below the landing page's first screen it is not part of the
 * page's first load.
 */
export function SiteFrame({ children }: { children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const [near] = useNear(place);
  return (
    <>
      <SiteHeader />
      {children}
      <FooterPlace ref={place}>
        {near ? (
          <Suspense fallback={null}>
            <SiteFooter />
          </Suspense>
        ) : null}
      </FooterPlace>
    </>
  );
}

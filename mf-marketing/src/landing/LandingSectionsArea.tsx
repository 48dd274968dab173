import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useLocation } from '@platform/router';
import { LANDING_SECTIONS, registerSectionsLoader, scrollToSection } from '../site/anchors';
import { useNear } from '../site/useNear';
import { loadSections } from './loadSections';

const LandingSections = lazy(loadSections);

// Room for the sections before they arrive, so that nothing below jumps.
const Area = styled.div`
  min-height: 100vh;
`;

/** Tells that the sections beside it (in the same Suspense boundary) are in the page. */
function Shown({ onShown }: { onShown: () => void }) {
  useEffect(onShown, [onShown]);
  return null;
}

/**
 * The landing page below the hero: the sections' chunk, loaded as the visitor nears it, when an anchor asks
 * for a section (the anchor waits until the sections are in the page), or at once when the page is opened
 * at a section's hash (/#faq), which it then scrolls to.
 */
export function LandingSectionsArea() {
  const { hash } = useLocation();
  const [openedAt] = useState(() =>
    (LANDING_SECTIONS as readonly string[]).includes(hash.slice(1)) ? hash.slice(1) : null,
  );
  const area = useRef<HTMLDivElement>(null);
  const [near, bring] = useNear(area, { initially: openedAt !== null });
  const [shown] = useState(() => {
    let resolve = () => {};
    const promise = new Promise<void>((done) => (resolve = done));
    return { promise, resolve };
  });

  useEffect(
    () =>
      registerSectionsLoader(() => {
        bring();
        return shown.promise;
      }),
    [bring, shown],
  );

  useEffect(() => {
    if (openedAt) void scrollToSection(openedAt);
  }, [openedAt]);

  return (
    <Area ref={area}>
      {near ? (
        <Suspense fallback={null}>
          <LandingSections />
          <Shown onShown={shown.resolve} />
        </Suspense>
      ) : null}
    </Area>
  );
}

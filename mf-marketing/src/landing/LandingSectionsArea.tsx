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

/** Resolves once every landing section is in the area (their chunk and their texts have arrived). */
function sectionsIn(area: HTMLElement): Promise<void> {
  const all = () => LANDING_SECTIONS.every((id) => area.querySelector(`[id="${id}"]`));
  return new Promise((resolve) => {
    if (all()) return resolve();
    const observer = new MutationObserver(() => {
      if (!all()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(area, { childList: true, subtree: true });
  });
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

  useEffect(() => {
    let arrived: Promise<void> | null = null;
    return registerSectionsLoader(() => {
      bring();
      arrived ??= area.current ? sectionsIn(area.current) : Promise.resolve();
      return arrived;
    });
  }, [bring]);

  useEffect(() => {
    if (openedAt) void scrollToSection(openedAt);
  }, [openedAt]);

  return (
    <Area ref={area}>
      {near ? (
        <Suspense fallback={null}>
          <LandingSections />
        </Suspense>
      ) : null}
    </Area>
  );
}

import { Component, Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import { useLocation } from '@platform/router';
import styled from 'styled-components';
import { useMarketingT } from '../i18n';
import { LANDING_SECTIONS, registerSectionsLoader, scrollToSection } from '../site/anchors';
import { loadSections } from './loadSections';

const LandingSections = lazy(loadSections);

// Room for the sections before they arrive, so the footer does not jump.
const Area = styled.div`
  min-height: 100vh;
`;

/** Calls `onShown` once the sections it sits beside (same Suspense boundary) are in the page. */
function Shown({ onShown }: { onShown: () => void }) {
  useEffect(onShown, [onShown]);
  return null;
}

class SectionsBoundary extends Component<{ fallback: ReactNode; onError: () => void; children: ReactNode }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function SectionsFailed() {
  const t = useMarketingT();
  return <p role="alert">{t('landing.sectionsFailed')}</p>;
}

const isSectionHash = (hash: string) => (LANDING_SECTIONS as readonly string[]).includes(hash.slice(1));

/** Starts true once the visitor scrolls toward the area (400 px ahead) or it is on screen. */
function useNearArea(area: RefObject<HTMLDivElement | null>, wanted: boolean, want: () => void) {
  useEffect(() => {
    const element = area.current;
    if (wanted || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      want();
      return;
    }
    // Near, but the visitor has not moved yet (the hero fills the first screen): the first scroll brings it.
    const onScroll = () => want();
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return;
        if (window.scrollY > 0 || entry.boundingClientRect.top < window.innerHeight) want();
        else window.addEventListener('scroll', onScroll, { once: true, passive: true });
      },
      { rootMargin: '0px 0px 400px 0px' },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', onScroll);
    };
  }, [area, wanted, want]);
}

/**
 * The landing page below the hero: the sections' chunk, loaded when the visitor scrolls near it, when an
 * anchor asks for a section (the anchor waits until the sections are in the page), or at once when the page
 * is opened at a section's hash (/#faq), which it then scrolls to.
 */
export function LandingSectionsArea() {
  const { hash } = useLocation();
  const [openedAt] = useState(() => (isSectionHash(hash) ? hash.slice(1) : null));
  const [wanted, setWanted] = useState(openedAt !== null);
  const areaRef = useRef<HTMLDivElement>(null);
  const [shown] = useState(() => {
    let resolve = () => {};
    const promise = new Promise<void>((done) => {
      resolve = done;
    });
    return { promise, resolve };
  });
  const want = useCallback(() => setWanted(true), []);

  useNearArea(areaRef, wanted, want);

  useEffect(
    () =>
      registerSectionsLoader(() => {
        want();
        return shown.promise;
      }),
    [shown, want],
  );

  useEffect(() => {
    // Opened at a section (/#faq): once the sections are there, go to it.
    if (openedAt) void scrollToSection(openedAt);
  }, [openedAt]);

  return (
    <Area ref={areaRef}>
      {wanted ? (
        <SectionsBoundary fallback={<SectionsFailed />} onError={shown.resolve}>
          <Suspense fallback={null}>
            <LandingSections />
            <Shown onShown={shown.resolve} />
          </Suspense>
        </SectionsBoundary>
      ) : null}
    </Area>
  );
}

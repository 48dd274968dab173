import { useCallback, useEffect, useState, type RefObject } from 'react';

/** How far ahead of the viewport a lazily loaded part of the page starts loading. */
export const NEAR_PX = 400;

/**
 * Whether a lazily loaded part of the page should be fetched: once its place (`ref`) is within NEAR_PX of
 * the viewport and the visitor has started moving through the page (a scroll, a key), or at once if the
 * place is on screen. A page whose first screen ends just above the place so fetches it when the visitor
 * moves, not with its first load. `bring()` asks for it now (an anchor to it). Stays true. Without
 * IntersectionObserver: at once.
 */
export function useNear(ref: RefObject<Element | null>, initially = false): [boolean, () => void] {
  const [near, setNear] = useState(initially || typeof IntersectionObserver === 'undefined');
  const bring = useCallback(() => setNear(true), []);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    let moved = window.scrollY > 0;
    let inRange = false;
    const onMove = () => {
      moved = true;
      if (inRange) bring();
    };
    const observer = new IntersectionObserver(
      ([entry]) => {
        inRange = !!entry?.isIntersecting;
        if (inRange && (moved || entry!.boundingClientRect.top < window.innerHeight)) bring();
      },
      { rootMargin: `0px 0px ${NEAR_PX}px 0px` },
    );
    observer.observe(element);
    window.addEventListener('scroll', onMove, { passive: true });
    window.addEventListener('keydown', onMove);
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', onMove);
      window.removeEventListener('keydown', onMove);
    };
  }, [ref, near, bring]);
  return [near, bring];
}

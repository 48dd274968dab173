import { useCallback, useEffect, useState, type RefObject } from 'react';

/** How far ahead of the viewport a lazily loaded part of the page starts loading. */
export const NEAR_PX = 400;

/**
 * Whether the element (`ref`) has come within `ahead` px of the viewport; stays true. With `ahead` (a lazily
 * loaded part of the page) it also waits for the visitor to start moving through the page (a scroll, a key)
 * unless the element is on screen, so a part just below the first screen is not fetched with the page's
 * first load. `bring()` makes it true now (an anchor asks for it). Without IntersectionObserver: at once.
 */
export function useNear(
  ref: RefObject<Element | null>,
  { ahead = NEAR_PX, initially = false } = {},
): [boolean, () => void] {
  const [near, setNear] = useState(initially || typeof IntersectionObserver === 'undefined');
  const bring = useCallback(() => setNear(true), []);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    let moved = !ahead || window.scrollY > 0;
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
      { rootMargin: `0px 0px ${ahead}px 0px` },
    );
    observer.observe(element);
    window.addEventListener('scroll', onMove, { passive: true });
    window.addEventListener('keydown', onMove);
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', onMove);
      window.removeEventListener('keydown', onMove);
    };
  }, [ref, near, bring, ahead]);
  return [near, bring];
}

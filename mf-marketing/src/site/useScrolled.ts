import { useSyncExternalStore } from 'react';
import { HEADER_SCROLLED_PX } from '@platform/contracts/client';

const isScrolled = () => window.scrollY > HEADER_SCROLLED_PX;

// Scroll events come faster than frames: each asks for one animation frame, which tells React to read again.
function subscribe(onChange: () => void): () => void {
  let frame = 0;
  const onScroll = () => {
    if (frame) return;
    frame = window.requestAnimationFrame(() => {
      frame = 0;
      onChange();
    });
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  return () => {
    window.removeEventListener('scroll', onScroll);
    if (frame) window.cancelAnimationFrame(frame);
  };
}

/**
 * Whether the page has scrolled more than HEADER_SCROLLED_PX (off at or below it), read at most once a frame
 * through a passive scroll listener. A page restored at a scroll position (back, reload) starts right.
 */
export function useScrolled(): boolean {
  return useSyncExternalStore(subscribe, isScrolled, () => false);
}

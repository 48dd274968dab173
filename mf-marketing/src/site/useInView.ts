import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element has come into view (within `rootMargin` of the viewport), once: it stays true after.
 * Where IntersectionObserver is missing, the element counts as in view at once.
 */
export function useInViewOnce(ref: RefObject<Element | null>, rootMargin = '0px'): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setSeen(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin, seen]);
  return seen;
}

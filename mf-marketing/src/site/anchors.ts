import { ANCHOR_OFFSET_PX } from '@platform/contracts/client';

/** The landing page's in-page anchor sections, in page order. */
export const LANDING_SECTIONS = ['features', 'how-it-works', 'roles', 'demo', 'faq', 'contact'] as const;
export type LandingSection = (typeof LANDING_SECTIONS)[number];

// The landing page's sections arrive in their own chunk; an anchor asked for before they are there waits for
// them. The landing page registers how to load them while it is shown.
let sectionsReady: () => Promise<void> = () => Promise.resolve();

/** While the landing page is shown: how to make sure its sections are in the page. Returns the unregister. */
export function registerSectionsLoader(load: () => Promise<void>): () => void {
  sectionsReady = load;
  return () => {
    if (sectionsReady === load) sectionsReady = () => Promise.resolve();
  };
}

/** Whether the visitor asked their system for less motion. */
export const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

const distanceFromMark = (target: HTMLElement) => target.getBoundingClientRect().top - ANCHOR_OFFSET_PX;

/** Resolves when the window has stopped scrolling (or after `ms`, for browsers without `scrollend`). */
const scrollSettled = (ms: number) =>
  new Promise<void>((resolve) => {
    const done = () => {
      window.removeEventListener('scrollend', done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('scrollend', done, { once: true });
  });

/**
 * The sections' content (a recording, the FAQ's answers, a form) may still arrive while the window scrolls,
 * moving the section after its place was measured. Follows it until it stays at the mark, for a moment at
 * most, and never against the visitor: a wheel, touch or key of theirs ends it.
 */
async function keepAtMark(target: HTMLElement) {
  let interrupted = false;
  const interrupt = () => (interrupted = true);
  const events = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
  for (const name of events) window.addEventListener(name, interrupt, { passive: true });
  try {
    const deadline = Date.now() + 2000;
    await scrollSettled(1000);
    while (!interrupted && Date.now() < deadline) {
      const off = distanceFromMark(target);
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 1;
      // Within half a pixel, the section's top rounds to the mark.
      if (Math.abs(off) >= 0.5 && !(off > 0 && atBottom)) window.scrollTo({ top: window.scrollY + off });
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  } finally {
    for (const name of events) window.removeEventListener(name, interrupt);
  }
}

/**
 * Scrolls to a section so that its top sits ANCHOR_OFFSET_PX below the top of the window (below the sticky
 * header), smoothly unless the visitor prefers reduced motion; records the hash and moves focus there, so
 * keyboard and screen reader users continue from the section.
 */
export async function scrollToSection(id: string): Promise<void> {
  await sectionsReady();
  const target = document.getElementById(id);
  if (!target) return;
  const top = window.scrollY + distanceFromMark(target);
  window.scrollTo({ top: Math.max(0, top), behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  if (window.location.hash !== `#${id}`) window.history.pushState(window.history.state, '', `#${id}`);
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  await keepAtMark(target);
}

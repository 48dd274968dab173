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

/**
 * Scrolls to a section so that its top sits ANCHOR_OFFSET_PX below the top of the window (below the sticky
 * header), smoothly unless the visitor prefers reduced motion; records the hash and moves focus there, so
 * keyboard and screen reader users continue from the section.
 */
export async function scrollToSection(id: string): Promise<void> {
  await sectionsReady();
  const target = document.getElementById(id);
  if (!target) return;
  const top = target.getBoundingClientRect().top + window.scrollY - ANCHOR_OFFSET_PX;
  window.scrollTo({ top: Math.max(0, top), behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  if (window.location.hash !== `#${id}`) window.history.pushState(window.history.state, '', `#${id}`);
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

import { useEffect } from 'react';
import { useLocation } from '@platform/router';

// Module-wide, so that the route and an embedded screen focus once per navigation: the location a ready page
// last saw (with the path it came from) and the navigation whose heading has been focused.
let at: { key: string; pathname: string; from: string | null } | null = null;
let focusedFor: string | null = null;

/**
 * After a client-side navigation to another page, moves focus to the new page's heading so that screen
 * reader users hear where they are and keyboard users start from the top of the new content. The first page
 * load keeps the browser's default focus (BrowserRouter gives that location the key 'default'), and so does
 * a change of the query string alone: that is the same page with other filters, and the focus stays where
 * the person is (typing in its search box, say).
 */
export function useFocusPageHeading(ready: boolean): void {
  const location = useLocation();
  useEffect(() => {
    if (!ready) return;
    if (at?.key !== location.key) {
      at = { key: location.key, pathname: location.pathname, from: at?.pathname ?? null };
    }
    if (focusedFor === location.key || location.key === 'default' || at.from === location.pathname) return;
    const heading =
      document.querySelector<HTMLElement>('#main-content h1') ?? document.querySelector<HTMLElement>('h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
    focusedFor = location.key;
  }, [ready, location.key, location.pathname]);
}

/** Sets the document title for the current page. */
export function useDocumentTitle(title: string | undefined, brand: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${brand}` : brand;
  }, [title, brand]);
}

/**
 * Sets the page's meta description (search results and link previews); a page without one clears it, so a
 * description never outlives its page.
 */
export function useMetaDescription(description: string | undefined): void {
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!description) {
      meta?.remove();
      return;
    }
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [description]);
}

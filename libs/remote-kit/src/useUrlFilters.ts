import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from '@platform/router';
import { readPageQuery, writePageQuery } from '@platform/contracts/client';
import type { PageDeclaration, PageQuery } from '@platform/contracts';

/** The filters with a default are always there; the others only when the address sets them. */
export type UrlFilters<P extends PageDeclaration, D extends PageQuery<P>> = Omit<PageQuery<P>, keyof D> & {
  [K in keyof D & keyof PageQuery<P>]-?: Exclude<PageQuery<P>[K], undefined>;
};

export interface SetUrlFiltersOptions {
  /** Replace the current history entry instead of adding one (a correction, not a new view). */
  replace?: boolean;
}

export type SetUrlFilters<P extends PageDeclaration> = (
  patch: PageQuery<P>,
  options?: SetUrlFiltersOptions,
) => void;

/**
 * A list page's filters, page number and sort, kept in the address: the page's declared query parameters
 * (definePage's `query`), read and typed, over `defaults`. A shared link opens the same view, and each change
 * is a history entry, so Back and Forward move between views. `setFilters(patch)` changes the parameters the
 * patch names (`undefined` clears one; a default value leaves it out of the address) and keeps the others; a
 * patch that does not name the page number goes back to the first page.
 *
 *   const [filters, setFilters] = useUrlFilters(tasksPage, { page: 1 });
 *   setFilters({ status: 'completed' });
 */
export function useUrlFilters<P extends PageDeclaration, const D extends PageQuery<P> = Record<never, never>>(
  page: P,
  defaults?: D,
): [UrlFilters<P, D>, SetUrlFilters<P>] {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // The defaults are usually a fresh literal on every render: what they say is what matters.
  const defaultsKey = JSON.stringify(defaults ?? {});
  const filters = useMemo(
    () => ({ ...(defaults ?? {}), ...readPageQuery(page, new URLSearchParams(key)) }) as UrlFilters<P, D>,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [page, key, defaultsKey],
  );
  // The router shows a new address in a transition, so a second change (two filters chosen quickly on a busy
  // phone) can come before the page has re-rendered: react-router's own updater would then start from the old
  // address and drop the first change. Each change starts from the newest address written here instead; the
  // addresses written and not yet shown are kept, so an older one being shown does not count as the newest.
  const written = useRef<{ newest: string; unshown: string[] }>({ newest: key, unshown: [] });
  useLayoutEffect(() => {
    const now = written.current;
    const at = now.unshown.indexOf(key);
    // An address not written here (Back, a link) is the newest; one written here leaves the later ones pending.
    const unshown = at === -1 ? [] : now.unshown.slice(at + 1);
    written.current = { newest: unshown.at(-1) ?? key, unshown };
  }, [key]);
  const setFilters = useCallback<SetUrlFilters<P>>(
    (patch, options = {}) => {
      const { newest, unshown } = written.current;
      const defaults = JSON.parse(defaultsKey) as PageQuery<P>;
      const next = writePageQuery(page, new URLSearchParams(newest), patch, defaults).toString();
      if (next !== newest) written.current = { newest: next, unshown: [...unshown, next] };
      setSearch(next, options.replace ? { replace: true } : undefined);
    },
    [page, setSearch, defaultsKey],
  );
  return [filters, setFilters];
}

export interface FilterTextOptions {
  /** Sends what was typed once typing pauses for `delayMs` (trimmed); without it, the page applies it. */
  onPause?: (text: string) => void;
  delayMs?: number;
}

/**
 * The text of a search box over a filter of the address (`value`): what the person types stays theirs while
 * they type (and, with `onPause`, goes to the address when typing pauses), and the box follows the address
 * when it changes otherwise (Back, Forward, a link, Clear).
 */
export function useFilterText(
  value: string | undefined,
  { onPause, delayMs = 300 }: FilterTextOptions = {},
): [string, (text: string) => void] {
  const current = value ?? '';
  // `base`: the address's value the box last followed; `sent`: what the box itself last sent, so that its own
  // change coming back through the address does not overwrite what has been typed since.
  const [box, setBox] = useState({ text: current, base: current, sent: null as string | null });
  if (current !== box.base) {
    const keep = current === box.sent || current === box.text.trim();
    setBox({ text: keep ? box.text : current, base: current, sent: null });
  }
  const typed = box.text.trim();
  const send = useEffectEvent((text: string) => {
    if (!onPause || text === current) return;
    setBox((now) => ({ ...now, sent: text }));
    onPause(text);
  });
  const sends = onPause !== undefined;
  // Only typing starts the wait; the address catching up does not (send compares with it when it fires).
  useEffect(() => {
    if (!sends) return undefined;
    const timer = setTimeout(() => send(typed), delayMs);
    return () => clearTimeout(timer);
  }, [typed, delayMs, sends]);
  const setText = useCallback((text: string) => setBox((now) => ({ ...now, text })), []);
  return [box.text, setText];
}

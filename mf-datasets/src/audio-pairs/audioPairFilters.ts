import { AUDIO_PAIR_PAGE_SIZE, AUDIO_PAIR_STATUSES, DIALECTS } from '@platform/contracts/client';
import type { AudioPairStatus, Dialect } from '@platform/contracts';

/** What View Audio Pairs shows, as the URL says it (`?dialect=&status=&page=`): shareable, kept on reload. */
export interface AudioPairFilters {
  dialect?: Dialect;
  status?: AudioPairStatus;
  page: number;
}

const isDialect = (value: string | null): value is Dialect =>
  value !== null && (DIALECTS as readonly string[]).includes(value);
const isStatus = (value: string | null): value is AudioPairStatus =>
  value !== null && (AUDIO_PAIR_STATUSES as readonly string[]).includes(value);

/** Reads the filters from the query string; a value that is not one of the choices is ignored. */
export function readFilters(search: URLSearchParams): AudioPairFilters {
  const dialect = search.get('dialect');
  const status = search.get('status');
  const page = Number(search.get('page'));
  return {
    ...(isDialect(dialect) ? { dialect } : {}),
    ...(isStatus(status) ? { status } : {}),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/**
 * The query string for `filters`, keeping whatever else the URL carries. Page 1 and "all" are left out, so
 * the plain page's address stays plain.
 */
export function writeFilters(current: URLSearchParams, filters: AudioPairFilters): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of ['dialect', 'status', 'page'] as const) next.delete(key);
  if (filters.dialect) next.set('dialect', filters.dialect);
  if (filters.status) next.set('status', filters.status);
  if (filters.page > 1) next.set('page', String(filters.page));
  return next;
}

export const pageCountOf = (total: number, pageSize = AUDIO_PAIR_PAGE_SIZE) =>
  Math.max(1, Math.ceil(total / pageSize));

/** The played address of a stored path: `/audio/` plus the path without its leading `audio/` (SPEC §7). */
export function audioUrl(storedPath: string): string {
  return `/audio/${storedPath.replace(/^\/+/, '').replace(/^audio\//, '')}`;
}

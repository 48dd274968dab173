import { AUDIO_PAIR_PAGE_SIZE } from '@platform/contracts/client';

export const pageCountOf = (total: number, pageSize = AUDIO_PAIR_PAGE_SIZE) =>
  Math.max(1, Math.ceil(total / pageSize));

/** The played address of a stored path: `/audio/` plus the path without its leading `audio/` (SPEC §7). */
export function audioUrl(storedPath: string): string {
  return `/audio/${storedPath.replace(/^\/+/, '').replace(/^audio\//, '')}`;
}

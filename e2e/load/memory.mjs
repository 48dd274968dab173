// @ts-check
// The resident memory of the platform's processes, from /proc (Linux): VmRSS now and VmHWM, the peak.
import fs from 'node:fs';

/**
 * @param {number} pid
 * @returns {{ rssKb: number, peakKb: number } | null} null when the process is gone
 */
export function memoryOf(pid) {
  let status;
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return null;
  }
  /** @param {string} field */
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssKb: kb('VmRSS'), peakKb: kb('VmHWM') };
}

/**
 * @param {Record<string, number | undefined>} pids process name -> pid
 * @returns {Record<string, { rssKb: number, peakKb: number } | null>}
 */
export const memoryOfAll = (pids) =>
  Object.fromEntries(
    Object.entries(pids).map(([name, pid]) => [name, pid === undefined ? null : memoryOf(pid)]),
  );

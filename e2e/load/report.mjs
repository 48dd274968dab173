// @ts-check
// A load run's figures as the text tables the benchmark prints.

/** @typedef {import('./run-load.mjs').LoadResult} LoadResult */

/** @param {number} ms */
const msText = (ms) => (Number.isNaN(ms) ? '-' : ms < 10 ? ms.toFixed(1) : ms.toFixed(0));
/** @param {number | undefined} kb */
const mbText = (kb) => (kb === undefined || Number.isNaN(kb) ? '-' : (kb / 1024).toFixed(0));
/** @param {Record<string, number>} counts */
const countsText = (counts) =>
  Object.entries(counts)
    .map(([what, n]) => `${n}× ${what}`)
    .join(', ') || '0';

/**
 * @param {string[]} header
 * @param {string[][]} rows
 * @param {number} leftColumns columns aligned left (the rest right)
 */
export function table(header, rows, leftColumns = 1) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  /** @param {string[]} cells */
  const line = (cells) =>
    cells
      .map((c, i) => (i < leftColumns ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/** @param {import('./stats.mjs').CallSummary[]} summaries */
export const formatCalls = (summaries) =>
  table(
    ['call', 'count', 'per s', 'p50 ms', 'p95 ms', 'p99 ms', 'refused (contention)', 'errors'],
    summaries.map((c) => [
      c.name,
      String(c.count),
      c.perSecond.toFixed(1),
      msText(c.p50),
      msText(c.p95),
      msText(c.p99),
      c.refusedCount ? countsText(c.refused) : '0',
      c.errorCount ? countsText(c.errors) : '0',
    ]),
  );

/**
 * @param {LoadResult} result
 * @param {string} title
 */
export function formatLoadResult(result, title) {
  const calls = formatCalls(result.calls);
  const names = Object.keys(result.memory.end);
  const memory = table(
    ['process', 'RSS after warm-up MB', 'RSS at end MB', 'peak MB'],
    names.map((name) => [
      name,
      mbText(result.memory.afterWarmup?.[name]?.rssKb),
      mbText(result.memory.end[name]?.rssKb),
      mbText(result.memory.end[name]?.peakKb),
    ]),
  );
  const w = result.lostWrites;
  return [
    `\n${title}: ${result.contributors} contributors through ${result.gateways} gateway(s) for ${result.seconds.toFixed(1)} s, ${result.turns} turns`,
    calls,
    `total ${result.totals.calls} calls, ${result.totals.perSecond.toFixed(1)} per s; ${result.totals.errors} errors, ${result.totals.refused} refused as contention; ` +
      `${result.emptyRounds} empty Speak rounds, ${result.emptyBatches} empty Listen batches`,
    `acknowledged and found in the database: recordings ${w.recordings.found}/${w.recordings.acknowledged} ` +
      `(audio ${w.audio.found}), votes ${w.votes.found}/${w.votes.acknowledged}, sentences ${w.sentences.found}/${w.sentences.acknowledged}; ` +
      `lost: ${w.lost}`,
    memory,
    `load average at the end (1, 5, 15 min): ${result.loadAverage.map((l) => l.toFixed(2)).join(' ')}`,
  ].join('\n');
}

// @ts-check
// What a load run measures per kind of call: how many were made, how many failed (by status, or `network`
// when no answer came), how many were refused the way the platform refuses one person racing another (a 409
// whose code is in `expectedRefusals`: two people voting the last vote on a clip), and the latencies.

/**
 * @typedef {{ count: number, errors: Record<string, number>, refused: Record<string, number>, ms: number[] }} CallRecord
 * @typedef {{ name: string, count: number, ok: number, errors: Record<string, number>, errorCount: number,
 *   refused: Record<string, number>, refusedCount: number, p50: number, p95: number, p99: number, perSecond: number }} CallSummary
 */

/**
 * The p-th percentile (0-100) of `values` by nearest rank; NaN for none.
 * @param {readonly number[]} values
 * @param {number} p
 */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return /** @type {number} */ (sorted[Math.min(sorted.length, Math.max(rank, 1)) - 1]);
}

export class CallStats {
  /** @param {ReadonlySet<string>} expectedRefusals error codes that are contention, not failures */
  constructor(expectedRefusals = new Set()) {
    this.expectedRefusals = expectedRefusals;
    /** @type {Map<string, CallRecord>} */
    this.calls = new Map();
  }

  /** @param {string} name */
  #record(name) {
    let record = this.calls.get(name);
    if (!record) {
      record = { count: 0, errors: {}, refused: {}, ms: [] };
      this.calls.set(name, record);
    }
    return record;
  }

  /**
   * @param {string} name the route's name (libs/contracts)
   * @param {number} ms
   * @param {number | 'network'} status
   * @param {string} [code] the error body's code, for an answer that is not a success
   * @returns {'ok' | 'refused' | 'error'}
   */
  add(name, ms, status, code) {
    const record = this.#record(name);
    record.count += 1;
    record.ms.push(ms);
    if (typeof status === 'number' && status < 400) return 'ok';
    if (status === 409 && code && this.expectedRefusals.has(code)) {
      record.refused[code] = (record.refused[code] ?? 0) + 1;
      return 'refused';
    }
    const key = String(status) + (code ? ` ${code}` : '');
    record.errors[key] = (record.errors[key] ?? 0) + 1;
    return 'error';
  }

  /**
   * @param {number} seconds the run's length, for the rates
   * @returns {CallSummary[]}
   */
  summary(seconds) {
    return [...this.calls.entries()].map(([name, r]) => {
      const errorCount = Object.values(r.errors).reduce((a, b) => a + b, 0);
      const refusedCount = Object.values(r.refused).reduce((a, b) => a + b, 0);
      return {
        name,
        count: r.count,
        ok: r.count - errorCount - refusedCount,
        errors: r.errors,
        errorCount,
        refused: r.refused,
        refusedCount,
        p50: percentile(r.ms, 50),
        p95: percentile(r.ms, 95),
        p99: percentile(r.ms, 99),
        perSecond: r.count / seconds,
      };
    });
  }
}

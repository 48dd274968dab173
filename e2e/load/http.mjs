// @ts-check
// One simulated person's HTTP calls to the gateway, over Node's fetch (undici), each timed and counted in
// the run's statistics under its route's name. A person comes from an address of their own (X-Forwarded-For,
// read by a gateway that trusts one proxy hop), as real people do: the per-client limits on sign-up and
// sign-in then hold per person, as they do in production.
import { randomUUID } from 'node:crypto';
import { contracts } from './contracts.mjs';

/** @typedef {import('./stats.mjs').CallStats} CallStats */
/** @typedef {{ name: string, method: string, path: string, idempotent?: true }} Route */
/** @typedef {{ status: number | 'network', outcome: 'ok' | 'refused' | 'error', body: any, headers: Headers | null }} Answer */

/** Longer than the gateway's own upstream timeouts: a hang is the gateway's to answer, not the driver's. */
const CALL_TIMEOUT_MS = 60_000;

export class PersonClient {
  /**
   * @param {object} options
   * @param {string} options.site the gateway's origin
   * @param {string} options.address this person's client address
   * @param {CallStats} options.stats
   */
  constructor({ site, address, stats }) {
    this.site = site;
    this.address = address;
    this.stats = stats;
    /** @type {string | null} */
    this.cookie = null;
  }

  /**
   * Calls `route` (its path filled from `params`) and records the answer. A write to an idempotent route
   * carries a fresh Idempotency-Key, as the app sends one with each contribution.
   * @param {Route} route
   * @param {{ params?: Record<string, string>, query?: Record<string, string | number>, json?: unknown, form?: FormData, path?: string }} [request]
   * @returns {Promise<Answer>}
   */
  async call(route, { params, query, json, form, path } = {}) {
    let url = this.site + (path ?? contracts.routeUrl(route.path, params));
    if (query) url += `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;
    /** @type {Record<string, string>} */
    const headers = { 'x-forwarded-for': this.address };
    if (this.cookie) headers.cookie = `plt=${this.cookie}`;
    if (json !== undefined) headers['content-type'] = 'application/json';
    if (route.idempotent) headers[contracts.IDEMPOTENCY_KEY_HEADER] = randomUUID();
    const started = performance.now();
    try {
      const res = await fetch(url, {
        method: route.method,
        headers,
        body: form ?? (json === undefined ? undefined : JSON.stringify(json)),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      const type = res.headers.get('content-type') ?? '';
      const body = type.includes('json') ? await res.json().catch(() => null) : await res.arrayBuffer();
      const ms = performance.now() - started;
      const code = res.ok ? undefined : typeof body?.code === 'string' ? body.code : undefined;
      const outcome = this.stats.add(route.name, ms, res.status, code);
      return { status: res.status, outcome, body, headers: res.headers };
    } catch (error) {
      this.stats.add(route.name, performance.now() - started, 'network');
      return { status: 'network', outcome: 'error', body: String(error), headers: null };
    }
  }
}

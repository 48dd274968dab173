// @ts-check
// How many copies of each backend service `npm start` runs (GATEWAY_INSTANCES, TEXT_INSTANCES,
// SPEECH_INSTANCES), where each listens, and which copy of the others each one talks to. Every copy shares
// the one database; the gateways balance over the service copies (a comma list in TEXT_URL / SPEECH_URL).

/** More copies than this on one machine only share the same cores; a typo like 40 is refused instead. */
export const MAX_INSTANCES = 16;

/** @typedef {'gateway' | 'text' | 'speech'} BackendService */
/** @typedef {Record<BackendService, number>} InstanceCounts */

export const INSTANCE_VARIABLES = /** @type {const} */ ({
  gateway: 'GATEWAY_INSTANCES',
  text: 'TEXT_INSTANCES',
  speech: 'SPEECH_INSTANCES',
});

/**
 * The copies wanted, 1 of each by default; throws one error naming every variable that is not a whole number
 * from 1 to MAX_INSTANCES.
 * @param {NodeJS.ProcessEnv} env
 * @returns {InstanceCounts}
 */
export function instanceCounts(env) {
  /** @type {string[]} */
  const bad = [];
  /** @param {BackendService} service */
  const read = (service) => {
    const variable = INSTANCE_VARIABLES[service];
    const raw = (env[variable] ?? '').trim();
    if (raw === '') return 1;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < 1 || n > MAX_INSTANCES) {
      bad.push(`${variable}=${JSON.stringify(env[variable])}`);
      return 1;
    }
    return n;
  };
  const counts = { gateway: read('gateway'), text: read('text'), speech: read('speech') };
  if (bad.length) {
    throw new Error(
      `${bad.join(', ')}: each of ${Object.values(INSTANCE_VARIABLES).join(', ')} must be a whole number ` +
        `from 1 to ${MAX_INSTANCES} (how many copies of that service to run; default 1)`,
    );
  }
  return counts;
}

/**
 * One copy of a backend service: its supervisor name (the first copy keeps the plain name, so a single
 * instance looks exactly as before; others are `text-2`, `text-3` ...) and its port.
 * @typedef {{ name: string, port: number, url: string }} Copy
 */

/**
 * Where every copy listens: gateways on consecutive ports from the gateway's; the first text and speech copies
 * on their usual ports, further ones on the free ports given (`spare`, taken in order).
 * @param {object} options
 * @param {InstanceCounts} options.counts
 * @param {{ gateway: number, text: number, speech: number }} options.ports
 * @param {number[]} options.spare free ports, at least (text - 1) + (speech - 1) of them
 * @returns {Record<BackendService, Copy[]>}
 */
export function copyPlan({ counts, ports, spare }) {
  const free = [...spare];
  /**
   * @param {BackendService} service
   * @param {(i: number) => number} portOf
   */
  const copies = (service, portOf) =>
    Array.from({ length: counts[service] }, (_, i) => {
      const port = portOf(i);
      return { name: i === 0 ? service : `${service}-${i + 1}`, port, url: `http://127.0.0.1:${port}` };
    });
  /** @param {number} first */
  const firstThenFree = (first) => (/** @type {number} */ i) => {
    if (i === 0) return first;
    const port = free.shift();
    if (port === undefined) throw new Error('copyPlan: not enough spare ports');
    return port;
  };
  return {
    gateway: copies('gateway', (i) => ports.gateway + i),
    text: copies('text', firstThenFree(ports.text)),
    speech: copies('speech', firstThenFree(ports.speech)),
  };
}

/**
 * What each copy is told about the others: a gateway gets every text and speech copy (it balances over them);
 * the i-th text or speech copy talks to the i-th copy of each other service (wrapping round), so their calls to
 * each other spread over the copies too.
 * @param {Record<BackendService, Copy[]>} plan
 * @param {BackendService} service
 * @param {number} i
 * @returns {Record<string, string>}
 */
export function copyEnv(plan, service, i) {
  /** @param {BackendService} other */
  const nth = (other) => /** @type {Copy} */ (plan[other][i % plan[other].length]).url;
  if (service === 'gateway') {
    return {
      PORT: String(/** @type {Copy} */ (plan.gateway[i]).port),
      TEXT_URL: plan.text.map((c) => c.url).join(','),
      SPEECH_URL: plan.speech.map((c) => c.url).join(','),
    };
  }
  return {
    TEXT_URL: nth('text'),
    SPEECH_URL: nth('speech'),
    GATEWAY_URL: nth('gateway'),
    TEXT_PORT:
      service === 'text' ? String(/** @type {Copy} */ (plan.text[i]).port) : String(plan.text[0]?.port),
    SPEECH_PORT:
      service === 'speech' ? String(/** @type {Copy} */ (plan.speech[i]).port) : String(plan.speech[0]?.port),
  };
}

// @ts-check
// Where the children's lines go. In a terminal: readable lines, coloured unless NO_COLOR, each behind its
// process's name; the services' JSON logs are formatted by pino-pretty, and their per-request lines count
// as debug (shown with LOG_LEVEL=debug or trace; a 5xx is always shown). Anywhere else (a file, a pipe, a
// log collector): one JSON object per line, the services' own JSON untouched but for the process name, and
// every other line wrapped as JSON. LOG_FORMAT=json or LOG_FORMAT=pretty overrides the choice.
import fs from 'node:fs';
import { createRequire } from 'node:module';

/** @typedef {(name: string, line: string) => void} LineLog where each line of a process goes, with its name */
/**
 * A log line of a service (pino's JSON), as far as it is read here.
 * @typedef {{ level?: unknown, msg?: string, process?: unknown, res?: { statusCode?: number } }} LogEntry
 */

const require = createRequire(import.meta.url);
const COLOURS = [36, 33, 32, 35, 34, 96, 93, 92, 95, 94, 91];
const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };
// Fastify's two lines per request; pino-pretty shows them at their level (info) otherwise.
const REQUEST_MESSAGES = new Set(['incoming request', 'request completed']);

/**
 * 'pretty' in a terminal, 'json' elsewhere, unless LOG_FORMAT says which.
 * @param {{ stream?: { isTTY?: boolean }, env?: NodeJS.ProcessEnv }} [options]
 * @returns {'pretty' | 'json'}
 */
export function logFormat({ stream = process.stdout, env = process.env } = {}) {
  if (env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty') return env.LOG_FORMAT;
  return stream.isTTY ? 'pretty' : 'json';
}

/**
 * @param {string} line
 * @returns {LogEntry | null}
 */
function parseJson(line) {
  if (!line.startsWith('{')) return null;
  try {
    const value = JSON.parse(line);
    return value && typeof value === 'object' && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * A request line at debug level, unless the request failed on the server's side.
 * @param {LogEntry} entry
 */
const isQuietRequest = (entry) =>
  REQUEST_MESSAGES.has(entry.msg ?? '') && !((entry.res?.statusCode ?? 0) >= 500);

/**
 * @param {{ color: boolean, env: NodeJS.ProcessEnv }} options
 * @returns {(line: string) => string[]}
 */
function prettyLines({ color, env }) {
  // Loaded only for a terminal: the JSON format needs none of it.
  const { prettyFactory } = /** @type {typeof import('pino-pretty')} */ (require('pino-pretty'));
  const format = prettyFactory({
    colorize: color,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,service',
    singleLine: true,
  });
  /** @type {Record<string, number | undefined>} */
  const levelByName = LEVELS;
  const threshold = levelByName[env.LOG_LEVEL ?? ''] ?? LEVELS.info;
  return (line) => {
    const entry = parseJson(line);
    if (!entry || typeof entry.level !== 'number') return [line];
    if (isQuietRequest(entry) && threshold > LEVELS.debug) return [];
    return format(entry)
      .replace(/\r?\n$/, '')
      .split(/\r?\n/);
  };
}

/**
 * @param {string} name
 * @param {string} line
 */
function jsonLine(name, line) {
  const entry = parseJson(line);
  if (entry)
    return entry.process === undefined ? `{"process":${JSON.stringify(name)},${line.slice(1)}` : line;
  return JSON.stringify({ level: LEVELS.info, time: Date.now(), process: name, msg: line });
}

/**
 * @param {{ stream?: { write(s: string): unknown, isTTY?: boolean }, env?: NodeJS.ProcessEnv, color?: boolean, format?: 'pretty' | 'json' }} [options]
 * @returns {LineLog}
 */
export function consoleLog({
  stream = process.stdout,
  env = process.env,
  format = logFormat({ stream, env }),
  color = Boolean(stream.isTTY) && !env.NO_COLOR,
} = {}) {
  if (format === 'json') return (name, line) => stream.write(`${jsonLine(name, line)}\n`);
  const lines = prettyLines({ color, env });
  /** @type {Map<string, number | undefined>} */
  const colourOf = new Map();
  let width = 13; // the longest name in the topology (mf_contribute), so columns line up from the start
  return (name, line) => {
    width = Math.max(width, name.length);
    if (!colourOf.has(name)) colourOf.set(name, COLOURS[colourOf.size % COLOURS.length]);
    const label = name.padEnd(width);
    const prefix = color ? `\x1b[${colourOf.get(name)}m${label} |\x1b[0m` : `${label} |`;
    for (const out of lines(line)) stream.write(`${prefix} ${out}\n`);
  };
}

/** @typedef {LineLog & { close(): Promise<void> }} FileLog */

/**
 * @param {string} path
 * @returns {FileLog}
 */
export function fileLog(path) {
  const out = fs.createWriteStream(path, { flags: 'a' });
  /** @param {string} name @param {string} line */
  const log = (name, line) => out.write(`${new Date().toISOString()} ${name} | ${line}\n`);
  return Object.assign(log, {
    /** @returns {Promise<void>} */
    close: () => new Promise((resolve) => out.end(resolve)),
  });
}

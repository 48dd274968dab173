// Where the children's lines go. In a terminal: readable lines, coloured unless NO_COLOR, each behind its
// process's name; the services' JSON logs are formatted by pino-pretty, and their per-request lines count
// as debug (shown with LOG_LEVEL=debug or trace; a 5xx is always shown). Anywhere else (a file, a pipe, a
// log collector): one JSON object per line, the services' own JSON untouched but for the process name, and
// every other line wrapped as JSON. LOG_FORMAT=json or LOG_FORMAT=pretty overrides the choice.
import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const COLOURS = [36, 33, 32, 35, 34, 96, 93, 92, 95, 94, 91];
const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };
// Fastify's two lines per request; pino-pretty shows them at their level (info) otherwise.
const REQUEST_MESSAGES = new Set(['incoming request', 'request completed']);

/** 'pretty' in a terminal, 'json' elsewhere, unless LOG_FORMAT says which. */
export function logFormat({ stream = process.stdout, env = process.env } = {}) {
  if (env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty') return env.LOG_FORMAT;
  return stream.isTTY ? 'pretty' : 'json';
}

function parseJson(line) {
  if (!line.startsWith('{')) return null;
  try {
    const value = JSON.parse(line);
    return value && typeof value === 'object' && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/** A request line at debug level, unless the request failed on the server's side. */
const isQuietRequest = (entry) => REQUEST_MESSAGES.has(entry.msg) && !((entry.res?.statusCode ?? 0) >= 500);

function prettyLines({ color, env }) {
  const { prettyFactory } = require('pino-pretty');
  const format = prettyFactory({
    colorize: color,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,service',
    singleLine: true,
  });
  const threshold = LEVELS[env.LOG_LEVEL] ?? LEVELS.info;
  return (line) => {
    const entry = parseJson(line);
    if (!entry || typeof entry.level !== 'number') return [line];
    if (isQuietRequest(entry) && threshold > LEVELS.debug) return [];
    return format(entry)
      .replace(/\r?\n$/, '')
      .split(/\r?\n/);
  };
}

function jsonLine(name, line) {
  const entry = parseJson(line);
  if (entry)
    return entry.process === undefined ? `{"process":${JSON.stringify(name)},${line.slice(1)}` : line;
  return JSON.stringify({ level: LEVELS.info, time: Date.now(), process: name, msg: line });
}

/**
 * @param {{ stream?: { write(s: string): unknown, isTTY?: boolean }, env?: NodeJS.ProcessEnv, color?: boolean, format?: 'pretty' | 'json' }} [options]
 * @returns {(name: string, line: string) => void}
 */
export function consoleLog({
  stream = process.stdout,
  env = process.env,
  format = logFormat({ stream, env }),
  color = Boolean(stream.isTTY) && !env.NO_COLOR,
} = {}) {
  if (format === 'json') return (name, line) => stream.write(`${jsonLine(name, line)}\n`);
  const lines = prettyLines({ color, env });
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

export function fileLog(path) {
  const out = fs.createWriteStream(path, { flags: 'a' });
  const log = (name, line) => out.write(`${new Date().toISOString()} ${name} | ${line}\n`);
  log.close = () => new Promise((resolve) => out.end(resolve));
  return log;
}

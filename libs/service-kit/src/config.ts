import { resolve } from 'node:path';

/**
 * One setting read from one environment variable: its default when unset or blank, or a clear refusal of a
 * value it cannot use. `parse` returns undefined for a bad value; `expected` says what would have done.
 */
export interface Setting<T> {
  variable: string;
  fallback: T;
  expected: string;
  parse(raw: string): T | undefined;
}

export type ConfigSpec = Record<string, Setting<unknown>>;
export type ConfigOf<S extends ConfigSpec> = { [K in keyof S]: S[K] extends Setting<infer T> ? T : never };

/** Every bad value at once, each naming its variable, so an operator fixes them in one go. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/** Reads a typed configuration from the environment; throws ConfigError naming each bad variable. */
export function readConfig<S extends ConfigSpec>(spec: S, env: NodeJS.ProcessEnv = process.env): ConfigOf<S> {
  const out: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [key, setting] of Object.entries(spec)) {
    const raw = env[setting.variable]?.trim();
    if (raw === undefined || raw === '') {
      out[key] = setting.fallback;
      continue;
    }
    const value = setting.parse(raw);
    if (value === undefined)
      problems.push(`${setting.variable}=${JSON.stringify(raw)}: expected ${setting.expected}`);
    else out[key] = value;
  }
  if (problems.length) throw new ConfigError(problems);
  return out as ConfigOf<S>;
}

const setting = <T>(
  variable: string,
  fallback: T,
  expected: string,
  parse: (raw: string) => T | undefined,
) => ({
  variable,
  fallback,
  expected,
  parse,
});

/** The kinds of settings the platform has. */
export const settings = {
  string: (variable: string, fallback: string): Setting<string> =>
    setting(variable, fallback, 'a value', (raw) => raw),
  optionalString: (variable: string): Setting<string | undefined> =>
    setting<string | undefined>(variable, undefined, 'a value', (raw) => raw),
  port: (variable: string, fallback: number): Setting<number> =>
    setting(variable, fallback, 'a port number from 0 to 65535', (raw) => {
      const n = Number(raw);
      return /^\d+$/.test(raw) && n >= 0 && n <= 65535 ? n : undefined;
    }),
  positiveInt: (variable: string, fallback: number): Setting<number> =>
    setting(variable, fallback, 'a whole number above 0', (raw) => {
      const n = Number(raw);
      return /^\d+$/.test(raw) && n > 0 && Number.isSafeInteger(n) ? n : undefined;
    }),
  /** A whole number of at least `min`. */
  count: (variable: string, fallback: number, min: number): Setting<number> =>
    setting(variable, fallback, `a whole number of at least ${min}`, (raw) => {
      const n = Number(raw);
      return /^\d+$/.test(raw) && n >= min && Number.isSafeInteger(n) ? n : undefined;
    }),
  /** Milliseconds; fractions allowed. */
  duration: (variable: string, fallback: number): Setting<number> =>
    setting(variable, fallback, 'a duration in milliseconds above 0', (raw) => {
      const n = Number(raw);
      return Number.isFinite(n) && n > 0 ? n : undefined;
    }),
  /** An http(s) base URL, without its trailing slashes. */
  url: (variable: string, fallback: string): Setting<string> =>
    setting(variable, fallback, 'an http:// or https:// URL', (raw) => {
      try {
        const url = new URL(raw);
        return url.protocol === 'http:' || url.protocol === 'https:' ? raw.replace(/\/+$/, '') : undefined;
      } catch {
        return undefined;
      }
    }),
  mongoUri: (variable: string, fallback: string): Setting<string> =>
    setting(variable, fallback, 'a mongodb:// or mongodb+srv:// URI', (raw) =>
      /^mongodb(\+srv)?:\/\//.test(raw) ? raw : undefined,
    ),
  /** An absolute path (a relative one is taken from the working directory). */
  path: (variable: string, fallback: string): Setting<string> =>
    setting(variable, fallback, 'a path', (raw) => resolve(raw)),
  flag: (variable: string, fallback: boolean): Setting<boolean> =>
    setting(variable, fallback, 'true or false', (raw) =>
      ['true', '1', 'yes'].includes(raw) ? true : ['false', '0', 'no'].includes(raw) ? false : undefined,
    ),
  /** Anything the platform defines its own reading of (a list of origins, a proxy setting). */
  custom: <T>(
    variable: string,
    fallback: T,
    expected: string,
    parse: (raw: string) => T | undefined,
  ): Setting<T> => setting(variable, fallback, expected, parse),
};

// @ts-check
// The Debian packages the test suites need besides Node: checked before anything is built, so a machine
// that lacks one hears at once which `apt-get install` to run instead of failing half an hour later.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import chromium from '../chromium.json' with { type: 'json' };

const PYTHON = '/usr/bin/python3';

/**
 * How to look for a package: the environment, whether python3 imports a module, whether a command is on PATH.
 * @typedef {{ env: NodeJS.ProcessEnv, importable: (module: string) => boolean, has: (command: string, env: NodeJS.ProcessEnv) => boolean }} Lookers
 */
/** @typedef {{ name: string, usedBy: string, present: (lookers: Lookers) => boolean }} SystemPackage */

/**
 * @param {string} command
 * @param {NodeJS.ProcessEnv} env
 */
function onPath(command, env) {
  return (env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .some((dir) => {
      try {
        fs.accessSync(path.join(dir, command), fs.constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}

/** @param {string} module */
const pythonImports = (module) =>
  spawnSync(PYTHON, ['-c', `import ${module}`], { stdio: 'ignore' }).status === 0;

/**
 * What each package is for and how to tell it is there. `python3-gridfs` is its own Debian package, apart
 * from `python3-pymongo`, and the second MongoDB client test needs both modules.
 * @type {SystemPackage[]}
 */
export const SYSTEM_PACKAGES = [
  {
    name: 'chromium',
    usedBy: 'the end-to-end tests (or set CHROMIUM_PATH)',
    present: ({ env }) => {
      try {
        fs.accessSync(env.CHROMIUM_PATH || chromium.executablePath, fs.constants.X_OK);
        return true;
      } catch {
        return false;
      }
    },
  },
  {
    name: 'python3-pymongo',
    usedBy: "the embedded database's second-client test (python3 -c 'import pymongo')",
    present: ({ importable }) => importable('pymongo'),
  },
  {
    name: 'python3-gridfs',
    usedBy: "the embedded database's second-client test (python3 -c 'import gridfs')",
    present: ({ importable }) => importable('gridfs'),
  },
  {
    name: 'espeak-ng',
    usedBy: 'test speech audio',
    present: ({ env, has }) => has('espeak-ng', env),
  },
  { name: 'sox', usedBy: 'test audio clips', present: ({ env, has }) => has('sox', env) },
  {
    name: 'opus-tools',
    usedBy: 'Ogg/Opus test clips (opusenc)',
    present: ({ env, has }) => has('opusenc', env),
  },
  {
    name: 'unzip',
    usedBy: 'release archives checked by an independent reader (unzip -t)',
    present: ({ env, has }) => has('unzip', env),
  },
  {
    name: 'curl',
    usedBy: 'the API token tests, downloading and resuming the way a script would',
    present: ({ env, has }) => has('curl', env),
  },
  {
    name: 'python3-pandas',
    usedBy: "a release's TSV read over HTTP by pandas (python3 -c 'import pandas')",
    present: ({ importable }) => importable('pandas'),
  },
];

/**
 * The packages this machine lacks. `importable` and `has` are how to look (tests pass their own).
 * @param {Partial<Lookers>} [lookers]
 */
export function missingSystemPackages({ env = process.env, importable = pythonImports, has = onPath } = {}) {
  return SYSTEM_PACKAGES.filter((p) => !p.present({ env, importable, has }));
}

/**
 * The one command that installs them, with sudo unless run as root.
 * @param {SystemPackage[]} missing
 * @param {{ root?: boolean }} [options]
 */
export function installCommand(missing, { root = process.getuid?.() === 0 } = {}) {
  const names = missing.map((p) => p.name).join(' ');
  return `${root ? '' : 'sudo '}apt-get install -y --no-install-recommends ${names}`;
}

/**
 * The message `npm test` stops with, or null when nothing is missing.
 * @param {SystemPackage[]} missing
 * @param {{ root?: boolean }} [options]
 */
export function missingPackagesMessage(missing, options) {
  if (!missing.length) return null;
  return [
    `npm test needs system packages this machine lacks: ${missing.map((p) => p.name).join(', ')}.`,
    ...missing.map((p) => `  ${p.name}: ${p.usedBy}`),
    'Install them with:',
    `  ${installCommand(missing, options)}`,
  ].join('\n');
}

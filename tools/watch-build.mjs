#!/usr/bin/env node
// @ts-check
// Rebuilds a package's dist whenever its src changes (`npm run build` in that folder, debounced, one build
// at a time per package). With `node --watch dist/main.js` on the services, a saved file restarts the
// service that uses it. Uses Node's own recursive fs.watch: no watcher dependency to install.
//
//   node tools/watch-build.mjs libs/contracts libs/service-kit services/text ...
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';

const DEBOUNCE_MS = 250;
const folders = process.argv.slice(2);
if (!folders.length) {
  console.error('usage: node tools/watch-build.mjs <package folder>...');
  process.exit(2);
}

/** @param {string} dir */
function watchPackage(dir) {
  const name = path.basename(dir);
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  let building = false;
  let again = false;

  const build = () => {
    if (building) {
      again = true;
      return;
    }
    building = true;
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', 'build'], {
      cwd: dir,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('close', (code) => {
      building = false;
      console.log(
        code === 0
          ? `${name}: rebuilt in ${Date.now() - started} ms`
          : `${name}: build FAILED (exit ${code})`,
      );
      if (again) {
        again = false;
        build();
      }
    });
  };

  fs.watch(path.join(dir, 'src'), { recursive: true }, (_event, file) => {
    if (file && /\.test\.tsx?$/.test(file)) return; // tests are not part of dist
    clearTimeout(timer);
    timer = setTimeout(build, DEBOUNCE_MS);
  });
  console.log(`watching ${path.relative(process.cwd(), dir) || dir}/src`);
}

for (const folder of folders) watchPackage(path.resolve(folder));
process.on('SIGTERM', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));

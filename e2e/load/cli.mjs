#!/usr/bin/env node
// @ts-check
// A load run against a platform that is already running (the end-to-end suite's short run spawns this):
//
//   node e2e/load/cli.mjs --site http://localhost:3000 --data-dir .data --mongo mongodb://127.0.0.1:27027 \
//     --contributors 20 --seconds 10 [--max-turns 40] [--think-ms 250] [--out result.json]
//
// The gateway must trust one proxy hop (TRUST_PROXY=1): each contributor comes from an address of its own.
// Prints the tables on stderr and writes the whole result as JSON to --out (or stdout).
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { runLoad, signUpContributors } from './run-load.mjs';
import { formatLoadResult } from './report.mjs';

const { values } = parseArgs({
  options: {
    site: { type: 'string' },
    'data-dir': { type: 'string' },
    mongo: { type: 'string' },
    contributors: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '10' },
    'max-turns': { type: 'string' },
    'think-ms': { type: 'string', default: '0' },
    out: { type: 'string' },
  },
});
const site = values.site;
const dataDir = values['data-dir'];
const mongoUri = values.mongo;
if (!site || !dataDir || !mongoUri) {
  console.error(
    'usage: cli.mjs --site URL --data-dir DIR --mongo URI [--contributors N] [--seconds S] [--max-turns T] [--think-ms MS] [--out FILE]',
  );
  process.exit(2);
}

const signUp = await signUpContributors({ site, dataDir, count: Number(values.contributors) });
const result = await runLoad({
  people: signUp.people,
  sites: [site],
  mongoUri,
  durationMs: Number(values.seconds) * 1000,
  ...(values['max-turns'] ? { maxTurns: Number(values['max-turns']) } : {}),
  thinkMs: Number(values['think-ms']),
});
console.error(formatLoadResult(result, 'load run'));
const json = JSON.stringify(
  { ...result, signUp: { ms: signUp.ms, calls: signUp.stats.summary(signUp.ms / 1000) } },
  null,
  2,
);
if (values.out) fs.writeFileSync(values.out, json);
else process.stdout.write(`${json}\n`);

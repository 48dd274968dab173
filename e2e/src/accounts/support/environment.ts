// Where the platform the global setup started keeps its data and its database, for the account tests:
// mail goes to `${DATA_DIR}/outbox/` and the verification tokens live in the gateway's database.
import fs from 'node:fs';
import path from 'node:path';

/** The platform's DATA_DIR: E2E_DATA_DIR when the harness exports it, else the folder of its log file. */
export function dataDir(): string {
  if (process.env.E2E_DATA_DIR) return process.env.E2E_DATA_DIR;
  const logFile = process.env.E2E_LOG_FILE;
  if (!logFile)
    throw new Error('E2E_LOG_FILE is not set: run the suite through its jest config (global setup)');
  return path.dirname(logFile);
}

export const outboxDir = (): string => path.join(dataDir(), 'outbox');

/**
 * The database the platform uses: E2E_MONGODB_URI when the harness exports it; otherwise the embedded
 * server the global setup started for this DATA_DIR, found by its command line (`--dbpath <DATA_DIR>/mongo
 * --port N`), which only works on Linux (/proc).
 */
export function mongoUri(): string {
  if (process.env.E2E_MONGODB_URI) return process.env.E2E_MONGODB_URI;
  const dbPath = path.join(dataDir(), 'mongo');
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let args: string[];
    try {
      args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    const at = args.indexOf('--dbpath');
    if (at < 0 || args[at + 1] !== dbPath) continue;
    const port = args[args.indexOf('--port') + 1];
    if (port && /^\d+$/.test(port)) return `mongodb://127.0.0.1:${port}`;
  }
  throw new Error(`no embedded MongoDB found for ${dbPath}; set E2E_MONGODB_URI`);
}

// Command line: embedded-mongo --port 27027 --dbpath .data/mongo [--host 127.0.0.1] [--replSet rs0]
import path from 'node:path';
import { start } from './server';

const USAGE = `Usage: embedded-mongo [--port 27027] [--dbpath .data/mongo] [--host 127.0.0.1] [--replSet rs0]

A MongoDB-compatible server for one machine, stored durably in LMDB under --dbpath.
  --port     TCP port to listen on (default 27027; 0 picks a free port)
  --host     address to bind (default 127.0.0.1; any address other machines can reach prints a warning,
             since the server has no authentication)
  --dbpath   data folder (default .data/mongo)
  --replSet  answer as the one member of a replica set of this name (connect with ?replicaSet=<name>)
  --help     show this help`;

function parseArgs(
  argv: string[],
): { port: number; host: string; dbPath: string; replicaSet?: string } | 'help' {
  const out: { port: number; host: string; dbPath: string; replicaSet?: string } = {
    port: 27027,
    host: '127.0.0.1',
    dbPath: '.data/mongo',
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--help':
      case '-h':
        return 'help';
      case '--port': {
        const v = value();
        const port = Number(v);
        if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid --port ${v}`);
        out.port = port;
        break;
      }
      case '--host':
      case '--bind_ip':
        out.host = value();
        break;
      case '--dbpath':
        out.dbPath = value();
        break;
      case '--replSet':
        out.replicaSet = value();
        break;
      default:
        throw new Error(`unknown option ${arg} (see --help)`);
    }
  }
  return out;
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  let opts;
  try {
    opts = parseArgs(argv);
  } catch (err) {
    console.error(`embedded-mongo: ${(err as Error).message}`);
    process.exit(1);
  }
  if (opts === 'help') {
    console.log(USAGE);
    return;
  }
  const dbPath = path.resolve(opts.dbPath);
  let server;
  try {
    server = await start({
      port: opts.port,
      host: opts.host,
      dbPath,
      ...(opts.replicaSet ? { replicaSet: opts.replicaSet } : {}),
      logger: (line) => console.error(line),
    });
  } catch (err) {
    console.error(`embedded-mongo: ${(err as Error).message}`);
    process.exit(1);
  }
  console.log(`embedded-mongo listening on ${server.uri} (data: ${dbPath})`);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.error(`embedded-mongo: ${signal} received, shutting down`);
    server
      .stop()
      .then(() => process.exit(0))
      .catch((err: Error) => {
        console.error(`embedded-mongo: shutdown failed: ${err.message}`);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

if (require.main === module) void main();

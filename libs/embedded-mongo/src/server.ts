// The TCP server: frames wire-protocol messages per connection, runs commands in order, writes replies.
import net from 'node:net';
import path from 'node:path';
import { serialize, type Document } from 'bson';
import { Engine } from './storage/engine';
import { CursorRegistry } from './cursors';
import { parseMessage, readHeader, opMsgReply, opReply, MAX_MESSAGE_BYTES, OP_QUERY } from './wire/protocol';
import { runCommand, errorReply } from './commands';
import type { ServerState } from './commands/context';
import { sweepExpired } from './ttl';
import { replicaSetState } from './commands/replica-set';

export interface StartOptions {
  port?: number;
  host?: string;
  dbPath: string;
  ttlSweepIntervalMs?: number;
  cursorTimeoutMs?: number;
  logger?: (line: string) => void;
  /**
   * Answer as the one member (the primary) of a replica set of this name, so that drivers connect with
   * `?replicaSet=<name>` and send retryable writes, as they do to a real replica set.
   */
  replicaSet?: string;
}

export interface RunningServer {
  uri: string;
  port: number;
  stop(): Promise<void>;
}

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether a bind address only accepts connections from this machine (a host name other than localhost may
 * resolve to any interface, so it counts as reachable). */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  const mapped = h.startsWith('::ffff:') ? h.slice(7) : undefined;
  if (mapped && net.isIP(mapped) === 4) return LOOPBACK.check(mapped, 'ipv4');
  const family = net.isIP(h);
  if (family === 4) return LOOPBACK.check(h, 'ipv4');
  if (family === 6) return LOOPBACK.check(h, 'ipv6');
  return false;
}

/** The warning printed when the server listens beyond this machine: it has no authentication at all. */
export function exposureWarning(host: string): string | undefined {
  if (isLoopbackHost(host)) return undefined;
  return (
    `warning: embedded-mongo is binding to ${host}, which is reachable from other machines, and it has no ` +
    'authentication: anyone who can reach this port can read and change every database. Bind to 127.0.0.1 ' +
    'unless the network around it is trusted.'
  );
}

export async function start(options: StartOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const log = options.logger ?? (() => undefined);
  const dbPath = path.resolve(options.dbPath);
  const exposed = exposureWarning(host);
  if (exposed) (options.logger ?? ((line: string) => console.warn(line)))(exposed);
  const engine = new Engine(dbPath);
  const cursors = new CursorRegistry(options.cursorTimeoutMs ?? 10 * 60 * 1000);
  const state: ServerState = {
    engine,
    cursors,
    startedAt: Date.now(),
    host,
    port: 0,
    log,
    ...(options.replicaSet ? { replicaSet: replicaSetState(options.replicaSet) } : {}),
  };
  const sockets = new Set<net.Socket>();
  let connectionIds = 0;
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>): Promise<T> => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p)).catch(() => undefined);
    return p;
  };

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    const connectionId = ++connectionIds;
    let pending: Buffer = Buffer.alloc(0);
    // chunks of a message still incomplete, joined once it is whole (no quadratic copying of large messages)
    let parts: Buffer[] = [];
    let partsLength = 0;
    let needed = 0;
    let chain: Promise<void> = Promise.resolve();
    socket.on('data', (chunk: Buffer) => {
      if (needed) {
        parts.push(chunk);
        partsLength += chunk.length;
        if (partsLength < needed) return;
        pending = Buffer.concat(parts, partsLength);
        parts = [];
        partsLength = 0;
        needed = 0;
      } else pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      while (pending.length >= 4) {
        const len = pending.readInt32LE(0);
        if (len < 16 || len > MAX_MESSAGE_BYTES) {
          log(`connection ${connectionId}: error: invalid message length ${len}, closing`);
          socket.destroy();
          return;
        }
        if (pending.length < len) {
          needed = len;
          parts = [pending];
          partsLength = pending.length;
          pending = Buffer.alloc(0);
          break;
        }
        const msg = pending.subarray(0, len);
        pending = pending.subarray(len);
        chain = chain
          .then(() => track(handle(msg, socket, connectionId)))
          .catch((err: unknown) => {
            log(`connection ${connectionId}: ${(err as Error)?.stack ?? String(err)}`);
            socket.destroy();
          });
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(msg: Buffer, socket: net.Socket, connectionId: number): Promise<void> {
    const header = readHeader(msg);
    let parsed;
    try {
      parsed = parseMessage(msg);
    } catch (err) {
      // a malformed message leaves the stream's framing in doubt: only this connection is closed
      log(`connection ${connectionId}: error: malformed message (${(err as Error).message}), closing`);
      socket.destroy();
      return;
    }
    const db = String(parsed.body.$db ?? parsed.fullCollectionName?.split('.')[0] ?? 'admin');
    let reply: Document | Buffer;
    try {
      reply = await runCommand({
        state,
        db,
        body: parsed.body,
        get typed() {
          return parsed.typed;
        },
        sequences: parsed.sequences,
        connectionId,
      });
    } catch (err) {
      reply = errorReply(err);
      if (!(err as { code?: number }).code) log(`command error: ${(err as Error)?.stack ?? String(err)}`);
    }
    if (parsed.moreToCome || socket.destroyed) return;
    let body: Buffer;
    try {
      body = Buffer.isBuffer(reply) ? reply : Buffer.from(serialize(reply));
    } catch (err) {
      body = Buffer.from(serialize(errorReply(err)));
    }
    socket.write(
      header.opCode === OP_QUERY ? opReply(header.requestId, body) : opMsgReply(header.requestId, body),
    );
  }

  await new Promise<void>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (err.code === 'EADDRINUSE') reject(new Error(`port ${options.port ?? 0} is already in use`));
      else if (err.code === 'EACCES')
        reject(new Error(`permission denied to listen on port ${options.port ?? 0}`));
      else reject(new Error(`cannot listen on ${host}:${options.port ?? 0}: ${err.message}`));
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(options.port ?? 0, host);
  }).catch(async (err) => {
    cursors.close();
    await engine.close();
    throw err;
  });

  const port = (server.address() as net.AddressInfo).port;
  state.port = port;
  const uri = `mongodb://${host}:${port}`;

  let sweeping = false;
  const ttlTimer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    track(sweepExpired(engine))
      .then((n) => n && log(`ttl: removed ${n} expired document(s)`))
      .catch((err) => log(`ttl sweep failed: ${(err as Error).message}`))
      .finally(() => (sweeping = false));
  }, options.ttlSweepIntervalMs ?? 60_000);
  ttlTimer.unref();

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      clearInterval(ttlTimer);
      cursors.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
      while (inFlight.size) await Promise.allSettled([...inFlight]);
      await engine.close();
    })());

  return { uri, port, stop };
}

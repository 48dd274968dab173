#!/usr/bin/env node
// @ts-check
// Serves one remote's build folder the way any static host or CDN would: its own origin, CORS open so the
// shell (another origin) can load it, gzip for text assets, and no long-lived caching of the manifest and
// remote entry (the files an operator replaces on redeploy).
//
//   node tools/static-server.mjs --dir mf-auth/dist --port 3002 [--host localhost]
import path from 'node:path';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml)|image\/svg)/;
const ENTRY_FILES = /(^|\/)(mf-manifest\.json|mf-stats\.json|remoteEntry\.js|index\.html)$/;

/**
 * A reply payload that is a stream (a file @fastify/static sends): the only kind worth compressing on the fly.
 * @param {unknown} payload
 * @returns {payload is NodeJS.ReadableStream}
 */
const isStream = (payload) =>
  Boolean(payload) && typeof (/** @type {{ pipe?: unknown }} */ (payload).pipe) === 'function';

/**
 * @param {{ dir: string, port: number, host?: string, logger?: boolean }} options
 */
export async function startStaticServer({ dir, port, host = 'localhost', logger = false }) {
  const app = Fastify({ logger });

  app.addHook('onRequest', async (req, reply) => {
    reply.header('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') {
      reply
        .header('access-control-allow-methods', 'GET, HEAD, OPTIONS')
        .header('access-control-allow-headers', '*')
        .code(204)
        .send();
    }
  });

  await app.register(fastifyStatic, {
    root: path.resolve(dir),
    setHeaders(reply, filePath) {
      if (ENTRY_FILES.test(filePath.split(path.sep).join('/'))) reply.header('cache-control', 'no-cache');
    },
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    const accepts = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    if (!accepts || !COMPRESSIBLE.test(type) || reply.statusCode !== 200 || req.method === 'HEAD')
      return payload;
    if (!isStream(payload)) return payload;
    reply.removeHeader('content-length');
    reply.header('content-encoding', 'gzip');
    reply.header('vary', 'accept-encoding');
    return payload.pipe(zlib.createGzip());
  });

  await app.listen({ port, host });
  // A TCP server's address is an AddressInfo (a string only for a pipe or socket file).
  const url = `http://${host}:${/** @type {import('node:net').AddressInfo} */ (app.server.address()).port}`;
  return { app, url, stop: () => app.close() };
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' },
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: 'localhost' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.dir) {
    console.log('usage: node tools/static-server.mjs --dir <folder> --port <port> [--host localhost]');
    process.exit(values.help ? 0 : 2);
  }
  try {
    const server = await startStaticServer({ dir: values.dir, port: Number(values.port), host: values.host });
    console.log(`serving ${values.dir} at ${server.url}`);
    const shutdown = () => server.stop().then(() => process.exit(0));
    process.once('SIGTERM', shutdown);
    process.once('SIGINT', shutdown);
    // Started by a supervisor that died without stopping it (killed outright): do not outlive it.
    const parent = process.ppid;
    setInterval(() => process.ppid !== parent && shutdown(), 1000).unref();
  } catch (error) {
    console.error(`static server for ${values.dir} could not start: ${/** @type {Error} */ (error).message}`);
    process.exit(1);
  }
}

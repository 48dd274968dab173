// @ts-check
// A tiny HTTP control surface over the running platform so that test files (which Jest runs in their own
// module context) can stop and restart one process of the topology the global setup owns, or kill one
// outright (SIGKILL, as a crash would) and leave the supervisor to bring it back, or pause one (SIGSTOP: a
// process that no longer answers, as an overloaded or swapping server) and resume it (SIGCONT).
import http from 'node:http';

/**
 * Resolves once no process has that id any more (the kill has landed and the child was reaped).
 * @param {number} pid
 */
async function gone(pid) {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * @param {Awaited<ReturnType<typeof import('../../tools/platform.mjs').startPlatform>>} platform
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export function startControlServer(platform) {
  const server = http.createServer(async (req, res) => {
    const match = /^\/processes\/([\w-]+)\/(stop|start|kill|pause|resume)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) {
      res.writeHead(404).end();
      return;
    }
    // Both groups are in every match.
    const [, name = '', action = ''] = match;
    if (!platform.processes.includes(name)) {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ message: `no process ${name}` }));
      return;
    }
    try {
      if (action === 'kill') {
        const pid = platform.killProcess(name);
        await gone(pid);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ pid }));
        return;
      }
      if (action === 'pause' || action === 'resume') {
        const pid = platform.pidOf(name);
        if (pid === undefined) throw new Error(`${name} is not running`);
        process.kill(pid, action === 'pause' ? 'SIGSTOP' : 'SIGCONT');
        res.writeHead(204).end();
        return;
      }
      await (action === 'stop' ? platform.stopProcess(name) : platform.startProcess(name));
      res.writeHead(204).end();
    } catch (error) {
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ message: /** @type {Error} */ (error).message }));
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        // A TCP server's address is an AddressInfo (a string only for a pipe or socket file).
        url: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

// A tiny HTTP control surface over the running platform so that test files (which Jest runs in their own
// module context) can stop and restart one process of the topology the global setup owns.
import http from 'node:http';

export function startControlServer(platform) {
  const server = http.createServer(async (req, res) => {
    const match = /^\/processes\/([\w-]+)\/(stop|start)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) {
      res.writeHead(404).end();
      return;
    }
    const [, name, action] = match;
    if (!platform.processes.includes(name)) {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ message: `no process ${name}` }));
      return;
    }
    try {
      await (action === 'stop' ? platform.stopProcess(name) : platform.startProcess(name));
      res.writeHead(204).end();
    } catch (error) {
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ message: error.message }));
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        close: () => new Promise((done) => server.close(done)),
      });
    });
  });
}

import { EventEmitter } from 'node:events';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createService } from './create-service';
import { listenWithGracefulShutdown, serviceMain } from './listen';

function get(port: number, path: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

describe('graceful shutdown', () => {
  it('on SIGTERM finishes the request in flight, refuses new connections, closes resources, then exits 0', async () => {
    const events: string[] = [];
    const app = await createService({
      name: 'shutdown-test',
      logger: false,
      routes: async (instance) => {
        instance.get('/slow', async () => {
          await new Promise((r) => setTimeout(r, 400));
          events.push('slow request answered');
          return { done: true };
        });
      },
    });
    app.addHook('onClose', async () => {
      events.push('resources closed');
    });
    const signals = new EventEmitter();
    const exited = new Promise<number>((resolve) => {
      void listenWithGracefulShutdown(app, { port: 0, host: '127.0.0.1', signals, exit: resolve });
    });
    await app.ready();
    await new Promise((r) => setTimeout(r, 50));
    const { port } = app.server.address() as AddressInfo;

    const inFlight = get(port, '/slow');
    await new Promise((r) => setTimeout(r, 100));
    signals.emit('SIGTERM', 'SIGTERM');
    await new Promise((r) => setTimeout(r, 50));
    await expect(get(port, '/healthz')).rejects.toThrow(/ECONNREFUSED|ECONNRESET/);

    expect(await inFlight).toEqual({ status: 200, body: '{"done":true}' });
    expect(await exited).toBe(0);
    expect(events).toEqual(['slow request answered', 'resources closed']);
  });
});

describe('serviceMain', () => {
  it('builds from its settings, listens, and reports where', async () => {
    const signals = new EventEmitter();
    let heard: number | undefined;
    let exited: number | undefined;
    await serviceMain({
      name: 'main-test',
      config: () => ({ port: 0, host: '127.0.0.1', greeting: 'hello' }),
      build: async (config) => {
        const app = await createService({ name: 'main-test', logger: false });
        app.get('/greeting', async () => ({ greeting: config.greeting }));
        return app;
      },
      listening: (app) => (heard = (app.server.address() as AddressInfo).port),
      signals,
      exit: (code) => (exited = code),
    });
    expect(await get(heard!, '/greeting')).toEqual({ status: 200, body: '{"greeting":"hello"}' });
    signals.emit('SIGTERM', 'SIGTERM');
    await new Promise((r) => setTimeout(r, 100));
    expect(exited).toBe(0);
  });

  it('says why it could not start and exits 1 (a bad setting, a build that fails)', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const exits: number[] = [];
    await serviceMain({
      name: 'main-test',
      config: () => {
        throw new Error('SPEECH_PORT must be a port number');
      },
      build: async () => createService({ name: 'never', logger: false }),
      exit: (code) => exits.push(code),
    });
    expect(exits).toEqual([1]);
    expect(errors).toHaveBeenCalledWith('main-test failed to start', expect.any(Error));
    errors.mockRestore();
  });
});

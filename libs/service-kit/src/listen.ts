import type { FastifyInstance } from 'fastify';

export interface ListenOptions {
  port: number;
  host: string;
  /** How long in-flight requests may take to finish after SIGTERM/SIGINT before the process exits anyway. */
  shutdownGraceMs?: number;
  /** Where the signals come from and how to exit; tests substitute both. */
  signals?: Pick<NodeJS.EventEmitter, 'once'>;
  exit?: (code: number) => void;
}

/**
 * Listens and shuts down cleanly on SIGTERM/SIGINT: stop accepting, let in-flight requests finish,
 * run onClose hooks (the database client closes there), then exit.
 */
export async function listenWithGracefulShutdown(app: FastifyInstance, options: ListenOptions) {
  let closing = false;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const signals = options.signals ?? process;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('in-flight requests did not finish in time; exiting');
      exit(1);
    }, options.shutdownGraceMs ?? 10_000);
    force.unref();
    app.close().then(
      () => {
        clearTimeout(force);
        app.log.info('shut down cleanly');
        exit(0);
      },
      (err: unknown) => {
        clearTimeout(force);
        app.log.error({ err }, 'error while shutting down');
        exit(1);
      },
    );
  };
  signals.once('SIGTERM', shutdown);
  signals.once('SIGINT', shutdown);
  await app.listen({ port: options.port, host: options.host });
}

/**
 * A service's whole `main`: reads its settings from the environment, builds the app, listens with graceful
 * shutdown, and on any failure to start says why and exits 1 (a supervisor restarts it).
 */
export async function serviceMain<Config extends { port: number; host: string }>(options: {
  name: string;
  config: () => Config;
  build: (config: Config) => Promise<FastifyInstance>;
  /** After it listens (the gateway prints the URL to open). */
  listening?: (app: FastifyInstance, config: Config) => void;
  exit?: (code: number) => void;
  signals?: ListenOptions['signals'];
}): Promise<void> {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  try {
    const config = options.config();
    const app = await options.build(config);
    await listenWithGracefulShutdown(app, {
      port: config.port,
      host: config.host,
      exit,
      ...(options.signals ? { signals: options.signals } : {}),
    });
    options.listening?.(app, config);
  } catch (err) {
    console.error(`${options.name} failed to start`, err);
    exit(1);
  }
}

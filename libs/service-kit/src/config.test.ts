import { ConfigError, readConfig, settings } from './config';

const spec = {
  port: settings.port('TEXT_PORT', 4001),
  host: settings.string('HOST', '127.0.0.1'),
  interval: settings.positiveInt('SYNC_INTERVAL_MS', 5000),
  textUrl: settings.url('TEXT_URL', 'http://127.0.0.1:4001'),
  mongoUri: settings.mongoUri('MONGODB_URI', 'mongodb://127.0.0.1:27027'),
  dev: settings.flag('DEV', false),
};

describe('readConfig', () => {
  it('gives the defaults for unset and blank variables', () => {
    expect(readConfig(spec, { HOST: '  ' })).toEqual({
      port: 4001,
      host: '127.0.0.1',
      interval: 5000,
      textUrl: 'http://127.0.0.1:4001',
      mongoUri: 'mongodb://127.0.0.1:27027',
      dev: false,
    });
  });

  it('reads and types what is set', () => {
    const config = readConfig(spec, {
      TEXT_PORT: '4100',
      SYNC_INTERVAL_MS: '250',
      TEXT_URL: 'http://text.internal:80/',
      MONGODB_URI: 'mongodb+srv://cluster.example.org/',
      DEV: 'true',
    });
    expect(config).toMatchObject({
      port: 4100,
      interval: 250,
      textUrl: 'http://text.internal:80',
      dev: true,
    });
    expect(config.mongoUri).toBe('mongodb+srv://cluster.example.org/');
  });

  it('refuses bad values at start-up, naming every variable at fault', () => {
    let thrown: unknown;
    try {
      readConfig(spec, {
        TEXT_PORT: 'http',
        SYNC_INTERVAL_MS: '-5',
        TEXT_URL: 'ftp://x',
        MONGODB_URI: 'localhost',
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const message = (thrown as Error).message;
    expect(message).toMatch(/TEXT_PORT="http": expected a port number/);
    expect(message).toMatch(/SYNC_INTERVAL_MS="-5": expected a whole number above 0/);
    expect(message).toMatch(/TEXT_URL="ftp:\/\/x": expected an http/);
    expect(message).toMatch(/MONGODB_URI="localhost": expected a mongodb/);
    expect(() => readConfig(spec, { TEXT_PORT: '70000' })).toThrow(/TEXT_PORT/);
  });
});

// Two copies of every backend service on one embedded MongoDB, as `npm start` runs them with
// GATEWAY_INSTANCES=2 TEXT_INSTANCES=2 SPEECH_INSTANCES=2: two gateways on the one accounts database, each
// balancing over both text and both speech copies (real HTTP), the copies sharing their databases.
import type { AddressInfo } from 'node:net';
import type { ServiceApp } from '@platform/service-kit';
import { closedPort, uniqueDbName, type TestMongo } from '@platform/service-kit/testing';
import { SECRET, startSpeech, type SpeechHarness } from '@platform/speech-service/testing';
import {
  BackgroundWork,
  ROOMY_RATE_LIMITS,
  startAccountsGateway,
  type AccountsGateway,
} from '@platform/gateway/testing';
import { startTextService, type TextBeside } from './speech-with-text';

type GatewayOverrides = NonNullable<Parameters<AccountsGateway['build']>[0]>;

/** A mail the gateways sent (verification links), as their mailer was handed it. */
export interface SentMail {
  to: string;
  subject: string;
  text: string;
}

export interface TwoOfEverything {
  mongo: TestMongo;
  gateways: [ServiceApp, ServiceApp];
  /** The gateways' base URLs, in the same order. */
  bases: [string, string];
  texts: [TextBeside, TextBeside];
  speeches: [SpeechHarness, SpeechHarness];
  /** Mail queued by either gateway; `background.idle()` waits for what is still being sent. */
  mails: SentMail[];
  background: BackgroundWork;
  close(): Promise<void>;
}

const urlOf = (app: ServiceApp) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/**
 * `gateway` options go to both gateways (their account limits, say); `speech` options to both speech copies
 * (they sync sentences from the text service on their own, every 200 ms, unless told otherwise).
 */
export async function startTwoOfEverything(
  options: {
    gateway?: GatewayOverrides;
    speech?: Omit<NonNullable<Parameters<typeof startSpeech>[0]>, 'mongo' | 'textUrl' | 'dbName'>;
  } = {},
): Promise<TwoOfEverything> {
  const background = new BackgroundWork();
  // The accounts harness brings the database (and a stand-in service the gateways here never use).
  const accounts = await startAccountsGateway({ secret: SECRET, dbPrefix: 'two', now: Date.now, background });
  const mongo = accounts.mongo;
  const [g1, g2, s1, s2] = [await closedPort(), await closedPort(), await closedPort(), await closedPort()];
  const url = (port: number) => `http://127.0.0.1:${port}`;
  const textDb = uniqueDbName('text_two');
  const speechDb = uniqueDbName('speech_two');
  const texts: [TextBeside, TextBeside] = [
    await startTextService({ mongo, dbName: textDb, gatewayUrl: url(g1), speechUrl: url(s1) }),
    await startTextService({ mongo, dbName: textDb, gatewayUrl: url(g2), speechUrl: url(s2) }),
  ];
  const speechAt = async (textUrl: string, port: number) => {
    const speech = await startSpeech({
      mongo,
      dbName: speechDb,
      textUrl,
      startSync: true,
      syncIntervalMs: 200,
      ...options.speech,
    });
    await speech.app.listen({ port, host: '127.0.0.1' });
    return speech;
  };
  const speeches: [SpeechHarness, SpeechHarness] = [
    await speechAt(texts[0].url, s1),
    await speechAt(texts[1].url, s2),
  ];
  const mails: SentMail[] = [];
  const gatewayAt = async (port: number) => {
    const app = await accounts.build({
      upstreams: { text: [texts[0].url, texts[1].url], speech: [url(s1), url(s2)] },
      mailer: {
        kind: 'outbox',
        send: async (mail) => {
          mails.push({ to: mail.to, subject: mail.subject, text: mail.text });
          return {};
        },
      },
      rateLimits: ROOMY_RATE_LIMITS,
      ...options.gateway,
    });
    await app.listen({ port, host: '127.0.0.1' });
    return app;
  };
  const gateways: [ServiceApp, ServiceApp] = [await gatewayAt(g1), await gatewayAt(g2)];
  return {
    mongo,
    gateways,
    bases: [urlOf(gateways[0]), urlOf(gateways[1])],
    texts,
    speeches,
    mails,
    background,
    async close() {
      for (const app of [...gateways, ...speeches.map((s) => s.app), ...texts.map((t) => t.app)]) {
        app.server.closeAllConnections();
      }
      for (const speech of speeches) await speech.app.close();
      for (const text of texts) await text.app.close();
      // Closes both gateways (and the first, unused one), then the database.
      await accounts.close();
    },
  };
}

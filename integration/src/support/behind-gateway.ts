// The whole server side as a phone reaches it: the real gateway (session cookie, quota, proxy) in front of the
// real speech and text services, over HTTP, on one embedded MongoDB, with one contributor signed in.
import type { AddressInfo } from 'node:net';
import { closedPort, startTestMongo } from '@platform/service-kit/testing';
import { SECRET, startSpeech, type SpeechHarness } from '@platform/speech-service/testing';
import { BackgroundWork, signedInAs, startAccountsGateway } from '@platform/gateway/testing';
import type { ServiceApp } from '@platform/service-kit';
import { startTextService, type TextBeside } from './speech-with-text';

export interface BehindGateway {
  speech: SpeechHarness;
  text: TextBeside;
  /** The gateway itself (its database holds the accounts, for tests that make more people). */
  gateway: ServiceApp;
  /** The gateway's base URL. */
  base: string;
  /** The signed-in contributor's session cookie. */
  cookie: string;
  close(): Promise<void>;
}

const urlOf = (app: { server: { address(): unknown } }) =>
  `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/** `speechOptions` go to the speech service as they are (an encoder's path, say). */
export async function startBehindGateway(
  dbPrefix: string,
  speechOptions: Omit<NonNullable<Parameters<typeof startSpeech>[0]>, 'mongo' | 'textUrl'> = {},
): Promise<BehindGateway> {
  const mongo = await startTestMongo();
  // The text service asks the gateway for people's names and speech for their figures: both get their ports
  // before the text service starts.
  const [gatewayPort, speechPort] = [await closedPort(), await closedPort()];
  const text = await startTextService({
    mongo,
    gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
    speechUrl: `http://127.0.0.1:${speechPort}`,
  });
  const speech = await startSpeech({ mongo, textUrl: text.url, ...speechOptions });
  await speech.app.listen({ port: speechPort, host: '127.0.0.1' });
  const gateway = await startAccountsGateway({
    secret: SECRET,
    dbPrefix,
    now: Date.now,
    background: new BackgroundWork(),
    upstreams: { text: text.url, speech: urlOf(speech.app) },
  });
  await gateway.app.listen({ port: gatewayPort, host: '127.0.0.1' });
  const { cookie } = await signedInAs(gateway.app, 'contributor');
  return {
    speech,
    text,
    gateway: gateway.app,
    base: urlOf(gateway.app),
    cookie,
    async close() {
      // A request a test left hanging (an upload whose phone dropped mid-body) must not hold a server open
      // past the suite: at teardown every connection is cut, then each server closes.
      for (const app of [gateway.app, speech.app, text.app]) app.server.closeAllConnections();
      await gateway.close();
      await speech.close();
      await text.app.close();
      await mongo.stop();
    },
  };
}

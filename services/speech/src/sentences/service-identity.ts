import { SERVICE_IDENTITIES } from '@platform/contracts';
import { requestTarget, signIdentity } from '@platform/service-kit';

/**
 * Who the speech service is when it calls the text service's internal endpoints: a service identity, never
 * a person's role (not even admin), so nothing a person may do is granted to it and the reverse.
 */
export const SPEECH_SERVICE_IDENTITY = SERVICE_IDENTITIES.speech;

/** Signed headers for one call to the text service (its method and full URL). */
export const serviceHeaders = (secret: string, method: string, url: string) =>
  signIdentity(SPEECH_SERVICE_IDENTITY, secret, { method, url: requestTarget(url), service: 'text' });

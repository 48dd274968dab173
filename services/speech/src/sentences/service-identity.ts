import type { Identity } from '@platform/contracts';
import { signIdentity } from '@platform/service-kit';

/**
 * Who the speech service is when it calls the text service's internal endpoints. (`name` rides along once the
 * shared Identity carries one.)
 */
export const SPEECH_SERVICE_IDENTITY = {
  id: 'service-speech',
  role: 'admin',
  name: 'speech service',
} as Identity;

export const serviceHeaders = (secret: string) => signIdentity(SPEECH_SERVICE_IDENTITY, secret);

import { CONTACT_RATE_LIMIT_MAX, CONTACT_RATE_LIMIT_WINDOW_MS } from '@platform/contracts';
import type { RateLimit } from '../edge/rate-limits/keyed-limiter';

/** What an operator may set (CONTACT_EMAIL) and tests may change. */
export interface PublicSiteSettings {
  /** Where contact inquiries are mailed. */
  contactEmail: string;
  /** Contact forms one client may send per window. */
  contactLimit: RateLimit;
  /** Newsletter requests one client may send per window. */
  newsletterLimit: RateLimit;
  /** The least time between two confirmation mails to one address, however many clients ask. */
  newsletterMailIntervalMs: number;
}

export const DEFAULT_CONTACT_EMAIL = 'team@localhost';

export const DEFAULT_PUBLIC_SITE_SETTINGS: PublicSiteSettings = {
  contactEmail: DEFAULT_CONTACT_EMAIL,
  contactLimit: { max: CONTACT_RATE_LIMIT_MAX, windowMs: CONTACT_RATE_LIMIT_WINDOW_MS },
  newsletterLimit: { max: CONTACT_RATE_LIMIT_MAX, windowMs: CONTACT_RATE_LIMIT_WINDOW_MS },
  newsletterMailIntervalMs: 24 * 3600 * 1000,
};

import type { Collection, Db, ObjectId } from 'mongodb';
import type { ContactInterest, UiLocaleCode } from '@platform/contracts';
import type { CollectionIndexes } from '@platform/service-kit';

/** One message sent through the landing page's contact form. */
export interface InquiryDoc {
  _id: ObjectId;
  firstName: string;
  lastName: string;
  email: string;
  interest: ContactInterest;
  /** What the person wrote in the optional languages field ('' when nothing). */
  languages: string;
  /** Names, address and languages in lower case: what the admins' search matches. */
  searchText: string;
  /** The interface language the person wrote from. */
  locale: UiLocaleCode;
  createdAt: Date;
}

export type SubscriberStatus = 'pending' | 'subscribed' | 'unsubscribed';

/** One address that asked for the newsletter (double opt-in). Tokens are stored only as SHA-256 digests. */
export interface SubscriberDoc {
  _id: ObjectId;
  /** Lower case, trimmed: one document per address. */
  email: string;
  status: SubscriberStatus;
  /** The interface language of the last request: the language of every mail to this address. */
  locale: UiLocaleCode;
  /** The live confirmation link's digest and end (absent once used, or while subscribed). */
  confirmHash?: string;
  confirmExpiresAt?: Date;
  /** When the last confirmation mail went out: the next waits a day (newsletterMailIntervalMs). */
  confirmMailedAt?: Date;
  /** The digest of the address's unsubscribe token (derived from the gateway secret, so any mail can carry it). */
  unsubscribeHash: string;
  createdAt: Date;
  updatedAt: Date;
  confirmedAt?: Date;
  unsubscribedAt?: Date;
}

export const CONTACT_INQUIRIES = 'contact_inquiries';
export const NEWSLETTER_SUBSCRIBERS = 'newsletter_subscribers';

export const PUBLIC_SITE_INDEXES: CollectionIndexes[] = [
  {
    collection: CONTACT_INQUIRIES,
    indexes: [
      // The admins' list, newest first, all interests or one.
      { key: { createdAt: -1, _id: -1 }, name: 'newest' },
      { key: { interest: 1, createdAt: -1, _id: -1 }, name: 'interest_newest' },
    ],
  },
  {
    collection: NEWSLETTER_SUBSCRIBERS,
    indexes: [
      { key: { email: 1 }, name: 'email_unique', unique: true },
      { key: { unsubscribeHash: 1 }, name: 'unsubscribe_unique', unique: true },
      {
        key: { confirmHash: 1 },
        name: 'confirm_unique',
        unique: true,
        partialFilterExpression: { confirmHash: { $type: 'string' } },
      },
    ],
  },
];

export interface PublicSiteCollections {
  inquiries: Collection<InquiryDoc>;
  subscribers: Collection<SubscriberDoc>;
}

export const publicSiteCollections = (db: Db): PublicSiteCollections => ({
  inquiries: db.collection<InquiryDoc>(CONTACT_INQUIRIES),
  subscribers: db.collection<SubscriberDoc>(NEWSLETTER_SUBSCRIBERS),
});

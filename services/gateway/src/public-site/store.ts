import { ObjectId, type Db, type Filter } from 'mongodb';
import type { ContactInterest, UiLocaleCode } from '@platform/contracts';
import { isDuplicateKey, type CollectionIndexes } from '@platform/service-kit';
import { escapeRegex } from '../escape-regex';
import { digest, TOKEN_SHAPE } from '../accounts/secrets';

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

/** A contact inquiry as the form gives it. */
export type Inquiry = Omit<InquiryDoc, '_id'>;

/** The admins' list: a page of inquiries, newest first, searched and optionally of one interest. */
export interface InquiryQuery {
  q?: string;
  interest?: ContactInterest;
  page: number;
  pageSize: number;
}

/** A newsletter confirmation to mail: the live link's token, digested here, and the address's unsubscribe token. */
export interface ConfirmationRequest {
  email: string;
  locale: UiLocaleCode;
  confirmToken: string;
  unsubscribeToken: string;
  at: Date;
  /** How long the confirmation link works. */
  ttlMs: number;
  /** The least time since the last confirmation mail to the address. */
  mailIntervalMs: number;
}

/** The landing page's contact inquiries and newsletter subscribers (contact_inquiries, newsletter_subscribers). */
export function publicSiteStore(db: Db) {
  const inquiries = db.collection<InquiryDoc>(CONTACT_INQUIRIES);
  const subscribers = db.collection<SubscriberDoc>(NEWSLETTER_SUBSCRIBERS);

  return {
    async addInquiry(inquiry: Inquiry) {
      await inquiries.insertOne({ _id: new ObjectId(), ...inquiry });
    },

    async inquiries({ q, interest, page, pageSize }: InquiryQuery) {
      const filter: Filter<InquiryDoc> = {};
      if (interest) filter.interest = interest;
      const words = q?.trim().toLowerCase();
      if (words) filter.searchText = new RegExp(escapeRegex(words));
      const [total, items] = await Promise.all([
        inquiries.countDocuments(filter),
        inquiries
          .find(filter)
          .sort({ createdAt: -1, _id: -1 })
          .skip((page - 1) * pageSize)
          .limit(pageSize)
          .toArray(),
      ]);
      return { total, items };
    },

    /** Whether the address (lower case) is subscribed already. */
    async isSubscribed(email: string): Promise<boolean> {
      const existing = await subscribers.findOne({ email }, { projection: { status: 1 } });
      return existing?.status === 'subscribed';
    },

    /**
     * Stores a new confirmation link for an address that is not subscribed and was not mailed within the
     * interval; true when it was stored (a mail is then due). The condition and the new link are one atomic
     * update, so concurrent requests cannot both mail; the earlier mail's link stays the live one meanwhile.
     */
    async requestConfirmation(request: ConfirmationRequest): Promise<boolean> {
      const { email, locale, at } = request;
      try {
        const result = await subscribers.updateOne(
          {
            email,
            status: { $ne: 'subscribed' },
            $or: [
              { confirmMailedAt: { $exists: false } },
              { confirmMailedAt: { $lte: new Date(at.getTime() - request.mailIntervalMs) } },
            ],
          },
          {
            $set: {
              status: 'pending',
              locale,
              confirmHash: digest(request.confirmToken),
              confirmExpiresAt: new Date(at.getTime() + request.ttlMs),
              confirmMailedAt: at,
              // Set with every mail, so the link it carries works even after IDENTITY_SECRET changed.
              unsubscribeHash: digest(request.unsubscribeToken),
              updatedAt: at,
            },
            $setOnInsert: { email, createdAt: at },
          },
          { upsert: true },
        );
        return result.matchedCount + result.upsertedCount > 0;
      } catch (err) {
        // The address exists but was mailed within the interval, or was confirmed (or created) meanwhile by
        // another request: the upsert's insert meets the unique address. Nothing to send.
        if (isDuplicateKey(err)) return false;
        throw err;
      }
    },

    /** Confirms the subscription a live confirmation link belongs to; false when none does. */
    async confirm(token: string, at: Date): Promise<boolean> {
      if (!TOKEN_SHAPE.test(token)) return false;
      const confirmed = await subscribers.findOneAndUpdate(
        { confirmHash: digest(token), status: 'pending', confirmExpiresAt: { $gt: at } },
        {
          $set: { status: 'subscribed', confirmedAt: at, updatedAt: at },
          $unset: { confirmHash: '', confirmExpiresAt: '' },
        },
      );
      return confirmed !== null;
    },

    /** Unsubscribes the address an unsubscribe token belongs to; false when none does. */
    async unsubscribe(token: string, at: Date): Promise<boolean> {
      const left = await subscribers.findOneAndUpdate(
        { unsubscribeHash: digest(token) },
        {
          $set: { status: 'unsubscribed', unsubscribedAt: at, updatedAt: at },
          $unset: { confirmHash: '', confirmExpiresAt: '' },
        },
      );
      return left !== null;
    },

    /** Contact messages (the address as it was typed, in any case) and subscriptions of these addresses. */
    async eraseAddresses(addresses: readonly string[]) {
      await Promise.all([
        inquiries.deleteMany({
          $or: addresses.map((a) => ({ email: { $regex: `^${escapeRegex(a)}$`, $options: 'i' } })),
        }),
        subscribers.deleteMany({ email: { $in: [...addresses] } }),
      ]);
    },
  };
}

export type PublicSiteStore = ReturnType<typeof publicSiteStore>;

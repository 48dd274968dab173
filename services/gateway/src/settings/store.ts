import { Binary, type Db, type ObjectId } from 'mongodb';
import type { NotificationSettings } from '@platform/contracts';
import type { CollectionIndexes } from '@platform/service-kit';
import { accountId } from '../accounts/store';
import { DEFAULT_NOTIFICATION_SETTINGS, digestPeriodMs } from './notification-settings';

/** A person's notification settings; absent until they first save them (the defaults apply). */
export interface NotificationSettingsDoc extends NotificationSettings {
  /** The account's id. */
  _id: ObjectId;
  /** When the next digest may go out; null or absent: at the digest job's next run. */
  nextDigestAt?: Date | null;
  /** When the last digest went out. */
  lastDigestAt?: Date;
  updatedAt: Date;
}

/** A person's avatar: the re-encoded square WebP (a few kB), replaced on each upload. */
export interface AvatarDoc {
  /** The account's id. */
  _id: ObjectId;
  image: Binary;
  /** The same number as the account's avatarVersion: the URL and the ETag carry it. */
  version: number;
  bytes: number;
  updatedAt: Date;
}

export const NOTIFICATION_SETTINGS = 'notification_settings';
export const AVATARS = 'avatars';

export const SETTINGS_INDEXES: CollectionIndexes[] = [
  // The digest job asks which of the people with mail waiting are due.
  { collection: NOTIFICATION_SETTINGS, indexes: [{ key: { nextDigestAt: 1 }, name: 'next_digest' }] },
];

/** A stored avatar as it is served. */
export interface Avatar {
  image: Buffer;
  version: number;
}

/** Each person's avatar and notification settings (avatars, notification_settings). */
export function settingsStore(db: Db) {
  const notificationSettings = db.collection<NotificationSettingsDoc>(NOTIFICATION_SETTINGS);
  const avatars = db.collection<AvatarDoc>(AVATARS);

  return {
    /** The avatar of the account with this id, or null (a string that is no id has none). */
    async avatarOf(id: string): Promise<Avatar | null> {
      const _id = accountId(id);
      const doc = _id ? await avatars.findOne({ _id }) : null;
      return doc ? { image: Buffer.from(doc.image.buffer), version: doc.version } : null;
    },

    /** Replaces the person's avatar with a new image under a new version. */
    async saveAvatar(userId: ObjectId, image: Buffer, version: number, at: number) {
      await avatars.replaceOne(
        { _id: userId },
        { image: new Binary(image), version, bytes: image.length, updatedAt: new Date(at) },
        { upsert: true },
      );
    },

    async deleteAvatar(userId: ObjectId) {
      await avatars.deleteOne({ _id: userId });
    },

    /** What the person saved, or null for the defaults. */
    notificationSettingsOf: (userId: ObjectId) => notificationSettings.findOne({ _id: userId }),

    /** The saved settings of the people among `ids` who saved any. */
    async notificationSettingsOfAll(ids: readonly string[]) {
      const _ids = ids.map(accountId).filter((id): id is ObjectId => id !== null);
      return _ids.length ? notificationSettings.find({ _id: { $in: _ids } }).toArray() : [];
    },

    /**
     * Saves the person's choices. A new digest frequency counts from the last digest sent (none yet: the job's
     * next run may send one).
     */
    async saveNotificationSettings(userId: ObjectId, values: NotificationSettings, at: number) {
      const before = await notificationSettings.findOne({ _id: userId });
      const last = before?.lastDigestAt ?? null;
      const period = digestPeriodMs(values.digest);
      const nextDigestAt = period !== null && last ? new Date(last.getTime() + period) : null;
      await notificationSettings.updateOne(
        { _id: userId },
        {
          $set: {
            ...values,
            updatedAt: new Date(at),
            ...(before?.digest !== values.digest ? { nextDigestAt } : {}),
          },
        },
        { upsert: true },
      );
    },

    /** A digest went out: the next may go one period later. A person who never saved settings keeps the defaults. */
    async digestSent(userId: ObjectId, chosen: NotificationSettings, at: number, periodMs: number) {
      const { digest: _digest, ...toggles } = DEFAULT_NOTIFICATION_SETTINGS;
      await notificationSettings.updateOne(
        { _id: userId },
        {
          $set: { lastDigestAt: new Date(at), nextDigestAt: new Date(at + periodMs) },
          $setOnInsert: { ...toggles, digest: chosen.digest, updatedAt: new Date(at) },
        },
        { upsert: true },
      );
    },

    /** The person's avatar and notification settings. */
    async eraseUser(userId: ObjectId) {
      await Promise.all([
        avatars.deleteOne({ _id: userId }),
        notificationSettings.deleteOne({ _id: userId }),
      ]);
    },
  };
}

export type SettingsStore = ReturnType<typeof settingsStore>;

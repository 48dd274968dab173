import type { Binary, Collection, Db, ObjectId } from 'mongodb';
import type { DigestFrequency, NotificationSettings } from '@platform/contracts';
import type { CollectionIndexes } from '@platform/service-kit';

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

export interface SettingsCollections {
  notificationSettings: Collection<NotificationSettingsDoc>;
  avatars: Collection<AvatarDoc>;
}

export const settingsCollections = (db: Db): SettingsCollections => ({
  notificationSettings: db.collection<NotificationSettingsDoc>(NOTIFICATION_SETTINGS),
  avatars: db.collection<AvatarDoc>(AVATARS),
});

/** SPEC §3: every toggle on, the digest daily. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  email: true,
  taskAssignments: true,
  taskReminders: true,
  projectUpdates: true,
  digest: 'daily',
};

export function notificationSettingsView(doc: NotificationSettingsDoc | null): NotificationSettings {
  if (!doc) return { ...DEFAULT_NOTIFICATION_SETTINGS };
  return {
    email: doc.email,
    taskAssignments: doc.taskAssignments,
    taskReminders: doc.taskReminders,
    projectUpdates: doc.projectUpdates,
    digest: doc.digest,
  };
}

const DIGEST_PERIOD_MS: Partial<Record<DigestFrequency, number>> = {
  realtime: 60_000,
  daily: 24 * 3600_000,
  weekly: 7 * 24 * 3600_000,
};

/** How long after one digest the next may go; null for 'never'. */
export const digestPeriodMs = (frequency: DigestFrequency): number | null =>
  DIGEST_PERIOD_MS[frequency] ?? null;

import type { DigestFrequency, NotificationSettings } from '@platform/contracts';
import type { NotificationSettingsDoc } from './store';

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

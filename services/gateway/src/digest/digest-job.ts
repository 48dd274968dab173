import type { FastifyBaseLogger } from 'fastify';
import type { Db } from 'mongodb';
import {
  getInternalDigestRecipients,
  postInternalDigestClaim,
  type NotificationKind,
  type NotificationSettings,
} from '@platform/contracts';
import { leasedJob, type LeasedJob, type ServiceClient } from '@platform/service-kit';
import type { Mailer } from '../accounts/mailer';
import type { AccountStore } from '../accounts/store';
import { digestPeriodMs, notificationSettingsView } from '../settings/notification-settings';
import type { SettingsStore } from '../settings/store';
import { digestMail } from './digest-mail';

/** How often the gateway looks for digests to send (DIGEST_INTERVAL_MS). */
export const DEFAULT_DIGEST_INTERVAL_MS = 60_000;
const LEASE_ID = 'digest';

/** The notification kinds a person's toggles let into their digest. */
export function digestKinds(settings: NotificationSettings): NotificationKind[] {
  const kinds: NotificationKind[] = [];
  if (settings.taskAssignments) kinds.push('assignment', 'shared-task');
  if (settings.taskReminders) kinds.push('reminder');
  if (settings.projectUpdates) kinds.push('project-update');
  return kinds;
}

export interface DigestJobOptions {
  /** The gateway's database, where the job's lease is kept. */
  db: Db;
  accounts: AccountStore;
  settings: SettingsStore;
  /** The text service, which keeps the notifications. */
  text: ServiceClient;
  mailer: Mailer;
  publicUrl: string;
  now: () => number;
  log: FastifyBaseLogger;
  intervalMs?: number;
  /** This process's name on the lease (random by default). */
  holder?: string;
}

export interface DigestPass {
  /** False when another gateway holds the lease (it runs this pass). */
  ran: boolean;
  mailed: number;
}

/**
 * Mails each person their unmailed notifications as one digest, at most as often as they chose
 * (realtime: each run; daily; weekly; never). One pass asks the text service once who has notifications
 * waiting, then, for each of them who is due and wants mail, claims the kinds their toggles allow (the
 * claim marks them mailed, so no notification is mailed twice) and sends one mail in their language.
 * Nothing claimed, no mail. A leased job: one gateway runs the passes while several are up.
 */
export class DigestJob {
  private readonly job: LeasedJob;
  private mailed = 0;

  constructor(private readonly options: DigestJobOptions) {
    this.job = leasedJob({
      name: LEASE_ID,
      db: options.db,
      intervalMs: options.intervalMs ?? DEFAULT_DIGEST_INTERVAL_MS,
      holder: options.holder,
      now: options.now,
      log: options.log,
      run: async () => {
        this.mailed = await this.pass();
      },
    });
  }

  /** Runs a pass every interval on one gateway at a time (a pass still running is never overlapped). */
  start() {
    this.job.start();
  }

  /** No new pass; a pass under way finishes, and the lease is given back. */
  stop() {
    return this.job.stop();
  }

  async runOnce(): Promise<DigestPass> {
    this.mailed = 0;
    const ran = await this.job.runOnce();
    return { ran, mailed: ran ? this.mailed : 0 };
  }

  private async pass(): Promise<number> {
    const { accounts, settings, text, mailer, now, log } = this.options;
    const at = now();
    const { userIds } = await text.call(getInternalDigestRecipients);
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return 0;
    const [users, saved] = await Promise.all([
      accounts.verified(ids),
      settings.notificationSettingsOfAll(ids),
    ]);
    const settingsOf = new Map(saved.map((doc) => [doc._id.toHexString(), doc]));
    let mailed = 0;
    for (const user of users) {
      const doc = settingsOf.get(user._id.toHexString()) ?? null;
      const chosen = notificationSettingsView(doc);
      const period = digestPeriodMs(chosen.digest);
      if (!chosen.email || period === null) continue;
      if (doc?.nextDigestAt && doc.nextDigestAt.getTime() > at) continue;
      const kinds = digestKinds(chosen);
      if (kinds.length === 0) continue;
      try {
        const { items } = await text.call(postInternalDigestClaim, {
          params: { id: user._id.toHexString() },
          body: { kinds },
        });
        if (items.length === 0) continue;
        await mailer.send(digestMail(user, items, this.options.publicUrl));
        mailed++;
        await settings.digestSent(user._id, chosen, at, period);
      } catch (err) {
        // One person's failure (the mail server, the claim) does not hold up everyone else's digest.
        log.error({ err, userId: user._id.toHexString() }, 'digest could not be sent');
      }
    }
    return mailed;
  }
}

import { ObjectId, type Collection } from 'mongodb';
import { isDuplicateKey } from '@platform/service-kit';

/** A range of change numbers handed out and not yet written (keyed by a token in the counter document). */
interface InFlight {
  first: number;
  at: Date;
}

/** A named counter of change numbers, with the ranges handed out whose writes have not finished yet. */
export interface ChangeCounterDoc {
  _id: string;
  value: number;
  inFlight?: Record<string, InFlight>;
}

/**
 * A range still listed this long after it was handed out belongs to a process that died mid-write: readers stop
 * waiting for it (and the next writer removes it). Far longer than any one write, a bulk import's included.
 */
export const IN_FLIGHT_STALE_MS = 10 * 60_000;

/**
 * Hands out a feed's change numbers (seq) to writers in any number of processes, and tells readers up to which
 * number everything is written. A reader of `seq > after` must never move its cursor past a number still being
 * written: when process A takes 41 and process B takes 42, B may commit first, and a reader that took 42 would
 * skip 41 for ever. So each range is taken and listed as in flight in one conditional update of the counter
 * document, and removed from the list once its write has finished (or failed); `settled()` is the number just
 * below the lowest range in flight. Within a process writes still run one at a time, in number order.
 */
export class ChangeSequence {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly counters: Collection<ChangeCounterDoc>,
    private readonly counterId: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Runs `write` with `count` consecutive fresh numbers, the first one passed in. */
  withSequence<T>(count: number, write: (first: number) => Promise<T>): Promise<T> {
    const run = async () => {
      const token = new ObjectId().toHexString();
      const first = await this.take(token, count);
      try {
        return await write(first);
      } finally {
        await this.counters.updateOne({ _id: this.counterId }, { $unset: { [`inFlight.${token}`]: '' } });
      }
    };
    const result = this.tail.then(run, run);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Every change numbered up to this is written: a reader may read `after < seq <= settled()`. */
  async settled(): Promise<number> {
    const doc = await this.counters.findOne({ _id: this.counterId });
    if (!doc) return 0;
    const since = this.now() - IN_FLIGHT_STALE_MS;
    const pending = Object.values(doc.inFlight ?? {})
      .filter((range) => range.at.getTime() > since)
      .map((range) => range.first);
    return pending.length ? Math.min(...pending) - 1 : doc.value;
  }

  /** Takes `count` numbers and lists them as in flight, atomically (retried when another process won). */
  private async take(token: string, count: number): Promise<number> {
    for (;;) {
      const doc = await this.counters.findOne({ _id: this.counterId });
      const at = new Date(this.now());
      if (!doc) {
        try {
          await this.counters.insertOne({
            _id: this.counterId,
            value: count,
            inFlight: { [token]: { first: 1, at } },
          });
          return 1;
        } catch (err) {
          // Another process made the counter first: take from it as usual.
          if (!isDuplicateKey(err)) throw err;
          continue;
        }
      }
      const since = at.getTime() - IN_FLIGHT_STALE_MS;
      const stale = Object.entries(doc.inFlight ?? {})
        .filter(([, range]) => range.at.getTime() <= since)
        .map(([key]) => [`inFlight.${key}`, ''] as const);
      const taken = await this.counters.updateOne(
        { _id: this.counterId, value: doc.value },
        {
          $set: { value: doc.value + count, [`inFlight.${token}`]: { first: doc.value + 1, at } },
          ...(stale.length ? { $unset: Object.fromEntries(stale) } : {}),
        },
      );
      if (taken.matchedCount === 1) return doc.value + 1;
    }
  }
}

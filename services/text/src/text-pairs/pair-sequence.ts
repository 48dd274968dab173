import type { Db } from 'mongodb';
import { counters } from '../sentences/store';

/** The text pairs' change sequence: its own counter, apart from the sentences'. */
export const TEXT_PAIR_SEQ_COUNTER = 'text_pairs';

/** What a status change or an insert needs from a change sequence (the sentences' SequenceWriter too). */
export interface Sequencer {
  withSequence<T>(count: number, write: (first: number) => Promise<T>): Promise<T>;
}

/**
 * Hands out the pairs' change sequence numbers, as the sentences' SequenceWriter does: reservation and write
 * run under one in-process lock, so a reader of `seq > after` never sees n+1 committed while n is in flight.
 * One text-service process writes pairs, through its one PairSequenceWriter.
 */
export class PairSequenceWriter implements Sequencer {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly db: Db) {}

  withSequence<T>(count: number, write: (first: number) => Promise<T>): Promise<T> {
    const run = async () => {
      const counter = await counters(this.db).findOneAndUpdate(
        { _id: TEXT_PAIR_SEQ_COUNTER },
        { $inc: { value: count } },
        { upsert: true, returnDocument: 'after' },
      );
      const last = counter?.value ?? count;
      return write(last - count + 1);
    };
    const result = this.tail.then(run, run);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

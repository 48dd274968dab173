import type { Db } from 'mongodb';
import { ChangeSequence } from '../sentences/change-sequence';
import { counters } from '../sentences/store';

/** The text pairs' change sequence: its own counter, apart from the sentences'. */
export const TEXT_PAIR_SEQ_COUNTER = 'text_pairs';

/** What a status change or an insert needs from a change sequence, and what the feed reads up to. */
export interface Sequencer {
  withSequence<T>(count: number, write: (first: number) => Promise<T>): Promise<T>;
  /** Every change numbered up to this is written (see ChangeSequence). */
  settled(): Promise<number>;
}

/** The pairs' change sequence, as the sentences' SequenceWriter (any number of processes may write). */
export class PairSequenceWriter extends ChangeSequence implements Sequencer {
  constructor(db: Db) {
    super(counters(db), TEXT_PAIR_SEQ_COUNTER);
  }
}

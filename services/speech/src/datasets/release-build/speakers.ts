import { createHash, randomBytes } from 'node:crypto';
import type { ReleaseSplit } from '@platform/contracts';

/**
 * Speaker ids for one release: SHA-256 of a random salt (made per build, never stored) and the account id,
 * in hex. Nobody can link them to an account, and the same person has other ids in other releases.
 */
export function speakerHasher(): (accountId: string) => string {
  const salt = randomBytes(32);
  return (accountId) => createHash('sha256').update(salt).update(accountId, 'utf8').digest('hex');
}

/** The share of clips aimed at for dev and for test; train takes the rest. */
export const HELD_OUT_SHARE = 0.1;
/** With fewer speakers than this every clip is in train (dev and test cannot be speaker-disjoint and useful). */
export const MIN_SPEAKERS_FOR_SPLITS = 3;

/**
 * Speaker-disjoint splits, about 80/10/10 by clips, the same for a release every time it is built: speakers
 * are ordered by their number of clips (fewest first), ties by SHA-256 of the release id and account id;
 * test takes speakers in that order until it holds 10% of the clips (at least one speaker), then dev
 * likewise, and train every speaker left (at least one). Prolific speakers thus land in train, and the held-out
 * splits come closest to 10% each. With fewer than MIN_SPEAKERS_FOR_SPLITS speakers, everything is train.
 */
export function assignSplits(
  releaseId: string,
  clipsBySpeaker: Map<string, number>,
): Map<string, ReleaseSplit> {
  const order = (id: string) => createHash('sha256').update(`${releaseId}:${id}`, 'utf8').digest('hex');
  const speakers = [...clipsBySpeaker.entries()]
    .map(([id, clips]) => ({ id, clips, key: order(id) }))
    .sort((a, b) => a.clips - b.clips || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const splits = new Map<string, ReleaseSplit>();
  if (speakers.length < MIN_SPEAKERS_FOR_SPLITS) {
    for (const s of speakers) splits.set(s.id, 'train');
    return splits;
  }
  const total = speakers.reduce((n, s) => n + s.clips, 0);
  const target = total * HELD_OUT_SHARE;
  let i = 0;
  for (const split of ['test', 'dev'] as const) {
    let clips = 0;
    // Keep at least one speaker for each split still to fill (dev, then train).
    const reserve = split === 'test' ? 2 : 1;
    while (i < speakers.length - reserve && (clips === 0 || clips + speakers[i]!.clips <= target)) {
      splits.set(speakers[i]!.id, split);
      clips += speakers[i]!.clips;
      i += 1;
    }
  }
  for (; i < speakers.length; i += 1) splits.set(speakers[i]!.id, 'train');
  return splits;
}

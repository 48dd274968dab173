import type { SpeechStores } from '../stores';

/**
 * The stored audio files carry their speaker or donor in their metadata. They are found through the person's
 * recordings and donations (under either id, so a second attempt after a failure finds them too).
 */
async function renameOnAudioFiles(stores: SpeechStores, userId: string, pseudonym: string) {
  const who = [userId, pseudonym];
  const [recorded, donated] = await Promise.all([
    stores.recordings.audioFilesOf(who),
    stores.audioPairs.audioFilesOf(who),
  ]);
  await stores.audio.renameOwner(recorded, 'metadata.speakerId', userId, pseudonym);
  await stores.audio.renameOwner(donated, 'metadata.donorId', userId, pseudonym);
}

/**
 * A deleted account leaves the speech service. What served only them goes: preferences, speaker details,
 * skips and the marks of what they recorded, their uploads under way, the Idempotency-Keys of what they sent,
 * their donation count, licence acceptances and download history (the download counts
 * are running totals kept apart). What they gave under a licence or did for others stays without a link back
 * to them: recordings, votes, reports, donations and review decisions, activity counts and releases' internal
 * contributor lists carry `pseudonym` (an id no account has); recordings lose the speaker's name and are
 * marked `speakerForgotten` so no public page plays them. Published releases already know speakers only by a
 * salted hash. Idempotent: the gateway calls it again, with the same pseudonym, after a failure.
 */
export async function erasePerson(stores: SpeechStores, userId: string, pseudonym: string): Promise<void> {
  await Promise.all([
    stores.users.forget(userId),
    stores.sentences.forget(userId),
    stores.recordings.forget(userId),
    stores.textPairs.forget(userId),
    stores.audioPairs.forget(userId),
    stores.datasets.forget(userId),
    stores.resumableUploads.forget(userId),
    stores.idempotency.forget(userId),
  ]);
  await renameOnAudioFiles(stores, userId, pseudonym);
  await Promise.all([
    stores.recordings.pseudonymise(userId, pseudonym),
    stores.sentences.pseudonymise(userId, pseudonym),
    stores.textPairs.pseudonymise(userId, pseudonym),
    stores.audioPairs.pseudonymise(userId, pseudonym),
    stores.users.pseudonymiseActivity(userId, pseudonym),
    stores.datasets.pseudonymise(userId, pseudonym),
  ]);
}

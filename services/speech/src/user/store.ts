import type { Db } from 'mongodb';
import {
  DEFAULT_LANGUAGE,
  type AgeRange,
  type Dialect,
  type Gender,
  type LanguageCode,
  type SpeakerDetails,
  type UserPreferences,
} from '@platform/contracts';
import { ACTIVITY_COLLECTIONS, pseudonymiseActivity, type CollectionIndexes } from '@platform/service-kit';

/** The language (and Yoruba dialect) each person last chose; _id is the account id. */
export const PREFERENCES = 'preferences';
/** The optional speaker details releases carry beside each speaker's hashed id; _id is the account id. */
export const SPEAKER_DETAILS = 'speaker_details';

export interface PreferencesDoc {
  _id: string;
  language: LanguageCode;
  /** The Yoruba dialect chosen on Donate Your Voice, once chosen. */
  dialect?: Dialect;
  updatedAt: Date;
}

/** A person's optional speaker details, which releases carry beside their hashed id; _id is the account id. */
export interface SpeakerDetailsDoc {
  _id: string;
  ageRange: AgeRange | null;
  gender: Gender | null;
  accent: string | null;
  updatedAt: Date;
}

/**
 * Both collections are found by `_id` only. Erasing a person renames them in the activity counts (owned by
 * service-kit's activity block), whose counting index starts with the kind: that look-up gets its own.
 */
export const USER_INDEXES: CollectionIndexes[] = ACTIVITY_COLLECTIONS.map((collection) => ({
  collection,
  indexes: [{ key: { userId: 1 }, name: 'user' }],
}));

export const NO_SPEAKER_DETAILS: SpeakerDetails = { ageRange: null, gender: null, accent: null };

/** Speaker details read per look-up when a release's rows need them. */
const DETAILS_BATCH = 1000;

/** What the speech service keeps about a person as such: their choices, their speaker details. */
export function userStore(db: Db) {
  const preferences = db.collection<PreferencesDoc>(PREFERENCES);
  const speakerDetails = db.collection<SpeakerDetailsDoc>(SPEAKER_DETAILS);

  return {
    async rememberedLanguage(userId: string): Promise<LanguageCode> {
      return (await preferences.findOne({ _id: userId }))?.language ?? DEFAULT_LANGUAGE;
    },

    /** The person's remembered choices: the language on Speak and, once chosen, the dialect on Donate. */
    async rememberedPreferences(userId: string): Promise<UserPreferences> {
      const doc = await preferences.findOne({ _id: userId });
      return {
        language: doc?.language ?? DEFAULT_LANGUAGE,
        ...(doc?.dialect ? { dialect: doc.dialect } : {}),
      };
    },

    /** Stores the choices sent; a dialect left out keeps the one stored. Returns everything remembered. */
    async rememberPreferences(
      userId: string,
      prefs: { language: LanguageCode; dialect?: Dialect },
    ): Promise<UserPreferences> {
      const doc = await preferences.findOneAndUpdate(
        { _id: userId },
        {
          $set: {
            language: prefs.language,
            ...(prefs.dialect ? { dialect: prefs.dialect } : {}),
            updatedAt: new Date(),
          },
        },
        { upsert: true, returnDocument: 'after' },
      );
      return {
        language: doc?.language ?? prefs.language,
        ...(doc?.dialect ? { dialect: doc.dialect } : {}),
      };
    },

    /** The person's speaker details, all null when none were given. */
    async speakerDetailsOf(userId: string): Promise<SpeakerDetails> {
      const doc = await speakerDetails.findOne({ _id: userId });
      return doc ? { ageRange: doc.ageRange, gender: doc.gender, accent: doc.accent } : NO_SPEAKER_DETAILS;
    },

    /**
     * Saves the details as sent (a null clears one; an accent of only spaces is none); with nothing left, the
     * document goes, so nothing is kept about someone who gave nothing.
     */
    async saveSpeakerDetails(userId: string, details: SpeakerDetails): Promise<SpeakerDetails> {
      const accent = details.accent?.normalize('NFC').trim() || null;
      const saved: SpeakerDetails = { ageRange: details.ageRange, gender: details.gender, accent };
      if (!saved.ageRange && !saved.gender && !saved.accent) {
        await speakerDetails.deleteOne({ _id: userId });
        return NO_SPEAKER_DETAILS;
      }
      await speakerDetails.updateOne(
        { _id: userId },
        { $set: { ...saved, updatedAt: new Date() } },
        { upsert: true },
      );
      return saved;
    },

    /** The speaker details of these accounts as they stand now (a release's rows), read a thousand at a time. */
    async speakerDetailsFor(accountIds: readonly string[]): Promise<Map<string, SpeakerDetails>> {
      const found = new Map<string, SpeakerDetails>();
      for (let i = 0; i < accountIds.length; i += DETAILS_BATCH) {
        const docs = await speakerDetails
          .find({ _id: { $in: accountIds.slice(i, i + DETAILS_BATCH) } })
          .toArray();
        for (const d of docs) found.set(d._id, { ageRange: d.ageRange, gender: d.gender, accent: d.accent });
      }
      return found;
    },

    /** A deleted account: their choices and speaker details go. */
    async forget(userId: string): Promise<void> {
      await Promise.all([preferences.deleteOne({ _id: userId }), speakerDetails.deleteOne({ _id: userId })]);
    },

    /** Their activity counts stay, under `pseudonym`. */
    async pseudonymiseActivity(userId: string, pseudonym: string): Promise<void> {
      await pseudonymiseActivity(db, userId, pseudonym);
    },
  };
}

export type UserStore = ReturnType<typeof userStore>;

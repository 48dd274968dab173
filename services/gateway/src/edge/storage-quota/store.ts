import { ObjectId, type Db } from 'mongodb';
import type { CollectionIndexes } from '@platform/service-kit';

export const STORAGE_RESERVATIONS = 'storage_reservations';

/**
 * An upload on its way to a service: its declared bytes count against the person's quota until it is
 * answered, so uploads sent at once cannot each pass a check that sees none of the others.
 */
export interface ReservationDoc {
  _id: ObjectId;
  userId: string;
  bytes: number;
  /** A gateway that stops mid-upload never removes its reservations: they lapse at this time. */
  expiresAt: Date;
}

export const STORAGE_RESERVATION_INDEXES: CollectionIndexes[] = [
  {
    collection: STORAGE_RESERVATIONS,
    indexes: [
      // The sum of a person's live reservations.
      { key: { userId: 1, expiresAt: 1 }, name: 'user_expires' },
      { key: { expiresAt: 1 }, name: 'expires_ttl', expireAfterSeconds: 0 },
    ],
  },
];

/** Uploads under way, per person (storage_reservations). */
export function reservationStore(db: Db) {
  const reservations = db.collection<ReservationDoc>(STORAGE_RESERVATIONS);

  return {
    /** Reserves an upload's bytes until `expiresAt`; the reservation's id, to release it. */
    async reserve(userId: string, bytes: number, expiresAt: Date): Promise<ObjectId> {
      const _id = new ObjectId();
      await reservations.insertOne({ _id, userId, bytes, expiresAt });
      return _id;
    },

    async release(id: ObjectId) {
      await reservations.deleteOne({ _id: id });
    },

    /** The bytes of a person's uploads under way (theirs included, when the caller has already reserved). */
    async reservedBytes(userId: string, now: Date): Promise<number> {
      const [sum] = await reservations
        .aggregate<{ bytes: number }>([
          { $match: { userId, expiresAt: { $gt: now } } },
          { $group: { _id: null, bytes: { $sum: '$bytes' } } },
        ])
        .toArray();
      return sum?.bytes ?? 0;
    },

    async eraseUser(userId: string) {
      await reservations.deleteMany({ userId });
    },
  };
}

export type ReservationStore = ReturnType<typeof reservationStore>;

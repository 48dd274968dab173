import { statfs } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DATASET_UPLOAD_MAX_BYTES, type Identity } from '@platform/contracts';
import { discardRestOfUpload, HttpError } from '@platform/service-kit';
import type { ReservationStore } from './store';
import type { StorageSettings } from './settings';
import type { StoredBytesReader } from './stored-bytes';
import { storesFilesMatcher } from './stores-files';

/**
 * Checks a proxied request before its body goes anywhere: for a route that stores the caller's files, refuses
 * it (411, 507, 413) or lets it through with its bytes reserved until it is answered.
 */
export type StorageGate = (
  request: FastifyRequest,
  reply: FastifyReply,
  identity: Identity | null,
  path: string,
) => Promise<void>;

/** Free bytes on the disk holding `dir`, for an unprivileged writer. */
export async function freeBytesOn(dir: string): Promise<number> {
  const stats = await statfs(dir);
  return stats.bavail * stats.bsize;
}

/**
 * A refused upload is usually still being sent: the rest is read and dropped so the client sees the answer,
 * up to twice the largest file a storing route takes; past that the connection is cut.
 */
const DRAIN_BYTES = 2 * DATASET_UPLOAD_MAX_BYTES;

/** A reservation outlives any upload a gateway can still be proxying (it is removed when answered). */
export const RESERVATION_MS = 60 * 60_000;

export interface StorageGateOptions {
  settings: StorageSettings;
  stored: StoredBytesReader;
  reservations: ReservationStore;
  now: () => number;
  /** Tests pretend the disk is fuller or emptier. */
  freeBytes?: (dir: string) => Promise<number>;
}

/** The request's declared body length, or null when it has none (a chunked body). */
function declaredLength(request: FastifyRequest): number | null {
  const header = request.headers['content-length'];
  if (header === undefined || !/^\d+$/u.test(header)) return null;
  const length = Number(header);
  return Number.isSafeInteger(length) ? length : null;
}

/**
 * Usage is read from the services on every request, never cached, and each upload under way is reserved in
 * the gateway's database before that reading (and counted in it), so two uploads sent at once cannot both
 * slip under the quota: whichever reads second sees the first. A person can pass the quota by nothing more
 * than the multipart framing of a request. The services must answer: when one cannot, the upload is refused
 * with 503 and the client tries again later.
 */
export function storageGate(options: StorageGateOptions): StorageGate {
  const { settings, stored, reservations, now } = options;
  const freeBytes = options.freeBytes ?? freeBytesOn;
  const storesFiles = storesFilesMatcher();
  const refuse = (request: FastifyRequest, error: unknown): never => {
    discardRestOfUpload(request.raw, DRAIN_BYTES);
    throw error;
  };

  return async (request, reply, identity, path) => {
    // Signed out: the service refuses it (401) before reading anything.
    if (!identity || !storesFiles(request.method, path)) return;
    const declared = declaredLength(request);
    if (declared === null) return refuse(request, new HttpError(411, 'storage.length_required'));
    if ((await freeBytes(settings.dataDir)) - declared < settings.freeFloorBytes) {
      request.log.warn({ dataDir: settings.dataDir }, 'data disk below its free-space floor: upload refused');
      return refuse(request, new HttpError(507, 'storage.disk_full'));
    }
    const reservation = await reservations.reserve(identity.id, declared, new Date(now() + RESERVATION_MS));
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      reservations.release(reservation).catch((err: unknown) => {
        request.log.warn({ err }, 'storage reservation not removed; it lapses on its own');
      });
    };
    try {
      const [storedBytes, reserved] = await Promise.all([
        stored(identity.id),
        reservations.reservedBytes(identity.id, new Date(now())),
      ]);
      if (storedBytes + reserved > settings.quotaBytes) throw new HttpError(413, 'storage.quota_exceeded');
    } catch (err) {
      release();
      return refuse(request, err);
    }
    reply.raw.once('finish', release);
    reply.raw.once('close', release);
  };
}

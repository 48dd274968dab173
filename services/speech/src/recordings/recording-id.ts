import { ObjectId } from 'mongodb';

/** Recording ids are ObjectId hex; anything else names no recording (404, not 400: ids are opaque). */
export function parseRecordingId(id: string): ObjectId | null {
  return /^[0-9a-f]{24}$/.test(id) ? new ObjectId(id) : null;
}

/** The id of a recording about to be stored (time-ordered, made here rather than by the driver on insert). */
export const newRecordingId = () => new ObjectId();

import { ObjectId } from 'mongodb';

/** Recording ids are ObjectId hex; anything else names no recording (404, not 400: ids are opaque). */
export function parseRecordingId(id: string): ObjectId | null {
  return /^[0-9a-f]{24}$/.test(id) ? new ObjectId(id) : null;
}

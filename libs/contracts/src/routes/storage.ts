import { StorageUsage, StoredBytes } from '../storage';
import { UserIdParams } from '../user-stats';
import { defineRoute } from '../route';

/** The signed-in person's stored bytes and quota (Dataset Uploads shows them). */
export const getStorageUsage = defineRoute({
  name: 'getStorageUsage',
  method: 'GET',
  path: '/api/storage/usage',
  owner: 'gateway',
  access: 'signedIn',
  summary: 'How much the signed-in person stores, and may store',
  tag: 'storage',
  reply: { 200: StorageUsage },
  errors: [503],
});

/** Internal, gateway → text: the bytes of a person's dataset uploads (for the storage quota). */
export const getInternalStoredBytesText = defineRoute({
  name: 'getInternalStoredBytesText',
  method: 'GET',
  path: '/internal/users/:id/text-storage',
  owner: 'text',
  access: 'service',
  summary: 'The bytes a person’s dataset uploads take',
  tag: 'internal',
  params: UserIdParams,
  reply: { 200: StoredBytes },
});

/** Internal, gateway → speech: the bytes of a person's recordings and donations (for the storage quota). */
export const getInternalStoredBytesSpeech = defineRoute({
  name: 'getInternalStoredBytesSpeech',
  method: 'GET',
  path: '/internal/users/:id/speech-storage',
  owner: 'speech',
  access: 'service',
  summary: 'The bytes a person’s recordings and donations take',
  tag: 'internal',
  params: UserIdParams,
  reply: { 200: StoredBytes },
});

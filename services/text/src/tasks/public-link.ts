import { createHash, randomBytes } from 'node:crypto';

/** Ours: 24 random bytes, 32 base64url characters (the contract takes 20 to 64). */
const TOKEN_BYTES = 24;

export const newPublicToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url');

/** Only this is stored: a leaked database does not give working links. */
export const hashPublicToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export const publicTaskUrl = (token: string) => `/shared/task?token=${encodeURIComponent(token)}`;

import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url (43 characters): session cookies, verification links, sign-up tokens. */
export const newToken = () => randomBytes(32).toString('base64url');

/** Only this digest is stored, so a copy of the database grants no session and verifies no account. */
export const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** What a token this module made looks like; anything else is refused before touching the database. */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

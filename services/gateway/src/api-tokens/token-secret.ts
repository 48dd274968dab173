import { randomBytes } from 'node:crypto';

/** What every secret starts with, so it is recognisable in a script or a leaked file. */
export const SECRET_PREFIX = 'plt_';
/** `plt_` and 32 random bytes, base64url. */
export const SECRET_SHAPE = /^plt_[A-Za-z0-9_-]{43}$/;
/** How much of the secret the list shows: `plt_` and 8 characters, which tell tokens apart and give nothing away. */
export const SHOWN_PREFIX_LENGTH = SECRET_PREFIX.length + 8;

export const newSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

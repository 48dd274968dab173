import { REVIEWING_ROLES, type Identity } from '@platform/contracts';

/** Reviewers and admins see (and hear) every audio pair; anyone else only their own. */
export const seesAll = (identity: Identity) => (REVIEWING_ROLES as readonly string[]).includes(identity.role);

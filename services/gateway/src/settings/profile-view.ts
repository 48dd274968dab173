import { getAvatar, routeUrl, type AccountRow, type Profile } from '@platform/contracts';
import { displayName } from '../accounts/names';
import type { UserDoc } from '../accounts/store';

/** Where a person's avatar is served; the version changes with each upload, so each URL may be cached for good. */
export const avatarUrl = (user: Pick<UserDoc, '_id' | 'avatarVersion'>) =>
  user.avatarVersion
    ? `${routeUrl(getAvatar.path, { id: user._id.toHexString() })}?v=${user.avatarVersion}`
    : null;

export function profileView(user: UserDoc): Profile {
  return {
    id: user._id.toHexString(),
    fullName: displayName(user),
    username: user.username ?? null,
    bio: user.bio ?? '',
    languages: user.languages ?? [],
    email: user.email,
    role: user.role,
    pendingEmail: user.pendingEmail ?? null,
    avatarUrl: avatarUrl(user),
    createdAt: user.createdAt.toISOString(),
  };
}

export function accountRow(user: UserDoc): AccountRow {
  return {
    id: user._id.toHexString(),
    name: displayName(user),
    email: user.email,
    username: user.username ?? null,
    role: user.role,
    verified: user.verified,
    createdAt: user.createdAt.toISOString(),
  };
}

export { Avatar, initialsOf } from './Avatar';
export type { AvatarProps, AvatarSize } from './Avatar';

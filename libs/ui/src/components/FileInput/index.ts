export { FileInput } from './FileInput';
export type { FileInputProps } from './FileInput';
export { validateFile, formatBytes, parseAccept, matchesAccept } from './validateFile';
export type { FileRules } from './validateFile';

/**
 * Answers smaller than this go out as they are: gzip would save a few hundred bytes at most, for more CPU
 * than sending them costs.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

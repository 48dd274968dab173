// The speech service as other suites start it (the cross-service tests in integration/): the harness that
// starts it on the embedded MongoDB, signed callers, its stored data, real audio, and what those suites assert.
export * from './harness';
export { chromiumWebm } from './audio';
export { tone, wav } from './wav';
export { selectionCounts } from '../../src/datasets/release-build';
export { SENTENCE_CURSOR, SENTENCE_DOMAINS_MIGRATION } from '../../src/sentences/sentence-sync';

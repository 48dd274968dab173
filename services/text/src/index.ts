/**
 * The text service as a library: its app for whoever runs it (main.ts, other services' tests), and the
 * sentence store for tools and tests that put sentences into it the way the service itself does.
 */
export { buildApp, DEFAULT_SEED_DIR, type TextAppOptions } from './app';
export { insertSentences, sentences, setSentenceStatus, type NewSentence } from './sentences/store';

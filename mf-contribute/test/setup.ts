// Jest setupFiles of mf-contribute: its texts in every language, and IndexedDB (fake-indexeddb: a complete
// implementation in memory, so the queue of saved contributions runs its real code under test).
// Not @platform/i18n/testing: that one brings Testing Library, which must load after Jest's globals.
import 'fake-indexeddb/auto';
import { initTestI18n } from '@platform/i18n/test-setup';
import en from '../src/i18n/en.json';
import yo from '../src/i18n/yo.json';
import ha from '../src/i18n/ha.json';
import ig from '../src/i18n/ig.json';

initTestI18n({ mf_contribute: { en, yo, ha, ig } });

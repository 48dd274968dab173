// Jest setupFiles of the shell: its texts in every language, started in English before each test file.
// Not @platform/i18n/testing: that one brings Testing Library, which must load after Jest's globals.
import { initTestI18n } from '@platform/i18n/test-setup';
import en from '../src/i18n/en.json';
import yo from '../src/i18n/yo.json';
import ha from '../src/i18n/ha.json';
import ig from '../src/i18n/ig.json';
import errorsEn from '../src/errors/i18n/en.json';
import errorsYo from '../src/errors/i18n/yo.json';
import errorsHa from '../src/errors/i18n/ha.json';
import errorsIg from '../src/errors/i18n/ig.json';

initTestI18n({
  shell: { en, yo, ha, ig },
  // ERRORS_NAMESPACE: the page fetches it only for a language other than English.
  errors: { en: errorsEn, yo: errorsYo, ha: errorsHa, ig: errorsIg },
});

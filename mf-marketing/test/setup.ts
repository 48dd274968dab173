// Jest setupFiles of mf-marketing: its texts in every language.
// Not @platform/i18n/testing: that one brings Testing Library, which must load after Jest's globals.
import { initTestI18n } from '@platform/i18n/test-setup';
import en from '../src/i18n/en.json';
import yo from '../src/i18n/yo.json';
import ha from '../src/i18n/ha.json';
import ig from '../src/i18n/ig.json';
import sectionsEn from '../src/landing/sections/i18n/en.json';
import sectionsYo from '../src/landing/sections/i18n/yo.json';
import sectionsHa from '../src/landing/sections/i18n/ha.json';
import sectionsIg from '../src/landing/sections/i18n/ig.json';
import pagesEn from '../src/page-texts/i18n/en.json';
import pagesYo from '../src/page-texts/i18n/yo.json';
import pagesHa from '../src/page-texts/i18n/ha.json';
import pagesIg from '../src/page-texts/i18n/ig.json';

initTestI18n({
  mf_marketing: { en, yo, ha, ig },
  // The landing sections' own namespace (SECTIONS_NAMESPACE), loaded with their lazy chunk in the page.
  mf_marketing_sections: { en: sectionsEn, yo: sectionsYo, ha: sectionsHa, ig: sectionsIg },
  // The public pages' content namespace (PAGES_NAMESPACE), loaded with their lazy chunks in the page.
  mf_marketing_pages: { en: pagesEn, yo: pagesYo, ha: pagesHa, ig: pagesIg },
});

import type { LanguageCode } from '@platform/contracts';

/**
 * Each language people write in, named in itself: a writer finds their own language by the name they use
 * for it, whatever the interface language. Shown with translate="no" and its own lang.
 */
export const LANGUAGE_OWN_NAMES: Record<LanguageCode, string> = {
  yo: 'Yorùbá',
  en: 'English',
  ha: 'Hausa',
  ig: 'Asụsụ Igbo',
  pcm: 'Naijá',
};

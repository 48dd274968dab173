/** The pseudo-locale's code: English with every letter accented and each message bracketed, "[Śîĝñ Îñ]". */
export const PSEUDO_LOCALE = 'en-XA';

/** One namespace's texts in one locale: nested sections of ICU messages. */
export type Catalogue = { [key: string]: string | Catalogue };

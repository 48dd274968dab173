import { AUTH_MESSAGES, errorCodeOf, PASSWORD_MAX_LENGTH } from '@platform/contracts/client';
import { registerCatalogue, translateError, useT } from '@platform/i18n';
import type { Translate } from '@platform/i18n';
import { BUSY_LABELS, SCREEN_MESSAGES } from '../messages';

/** This remote's catalogue namespace: its federation name. */
export const AUTH_NAMESPACE = 'mf_auth';

/** Registered when the remote's code loads; each language is its own chunk, fetched when chosen. */
registerCatalogue(AUTH_NAMESPACE, (locale) => import(`./${locale}.json`));

export const useAuthT = () => useT(AUTH_NAMESPACE);

// The rules and answers are worded in English where they are decided (libs/contracts, messages.ts), the
// same words the server uses; the screen shows each in the chosen language through its key.
const keyOf = new Map<string, string>([
  ...Object.entries(AUTH_MESSAGES).map(([key, text]) => [text, `rules.${key}`] as const),
  ...Object.entries(SCREEN_MESSAGES).map(([key, text]) => [text, `messages.${key}`] as const),
  ...Object.entries(BUSY_LABELS).map(([key, text]) => [text, `busy.${key}`] as const),
]);

/**
 * A rule's or an answer's English words in the chosen language. Another of the platform's error messages
 * (the server's words for a code, e.g. "The request is not valid.") reads as the shell's `errors.<code>`;
 * free text stays as it came.
 */
export function translateMessage(t: Translate, text: string): string {
  const key = keyOf.get(text);
  return key ? t(key, { max: PASSWORD_MAX_LENGTH }) : translateError(errorCodeOf(text), text);
}

/** `translateMessage` bound to the active language. */
export function useMessageText() {
  const t = useAuthT();
  return (text: string) => translateMessage(t, text);
}

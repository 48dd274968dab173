import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ERRORS_NAMESPACE, i18n, SHELL_NAMESPACE } from './instance';

export type Translate = TFunction;

/**
 * The translate function of a namespace (a remote's name, or the shell's) for the active language; the
 * component re-renders when the language changes. `t('section.key', { count })` formats ICU messages.
 */
export function useT(namespace: string = SHELL_NAMESPACE): Translate {
  return useTranslation(namespace, { i18n }).t;
}

/** The shared words (buttons such as "Retry"): the shell's namespace. */
export const useSharedT = () => useT(SHELL_NAMESPACE);

/** Outside React (document titles, messages built in callbacks). */
export const translate = (namespace: string, key: string, values?: Record<string, unknown>) =>
  i18n.t(key, { ns: namespace, ...values });

/**
 * An error the gateway or a service answered: the message for its stable `code` in the active language,
 * else the server's own (English) message (an English page reads no error catalogue: see ERRORS_NAMESPACE).
 */
export const translateError = (code: string | undefined, message: string) =>
  code ? i18n.t(code, { ns: ERRORS_NAMESPACE, defaultValue: message }) : message;

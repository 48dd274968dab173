import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { TFunction } from 'i18next';
import { hasCatalogue } from './catalogues';
import { ERRORS_NAMESPACE, i18n, SHELL_NAMESPACE } from './instance';

export type Translate = TFunction;

// What a screen's words depend on: the language, and the catalogues that have arrived. One counter for the
// page, moved by i18next's events and read by every useT. (react-i18next did this, for about 2 KB of gzip
// JavaScript more on every first load.)
let revision = 0;
const subscribe = (onChange: () => void) => {
  const changed = () => {
    revision += 1;
    onChange();
  };
  i18n.on('languageChanged', changed);
  i18n.on('loaded', changed);
  return () => {
    i18n.off('languageChanged', changed);
    i18n.off('loaded', changed);
  };
};
const currentRevision = () => revision;

/**
 * The translate function of a namespace (a remote's name, or the shell's) for the active language; the
 * component re-renders when the language changes or a catalogue arrives, and asks for its namespace's
 * catalogue if it is not there yet. `t('section.key', { count })` formats ICU messages.
 */
export function useT(namespace: string = SHELL_NAMESPACE): Translate {
  const seen = useSyncExternalStore(subscribe, currentRevision, currentRevision);
  useEffect(() => {
    if (hasCatalogue(namespace) && i18n.isInitialized && !i18n.hasLoadedNamespace(namespace)) {
      void i18n.loadNamespaces(namespace);
    }
  }, [namespace, seen]);
  // A new function whenever the words may have changed, so what depends on `t` is drawn again.
  return useMemo(() => i18n.getFixedT(null, namespace), [namespace, seen]);
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

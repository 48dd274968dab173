import { useCallback } from 'react';
import { changeLocale, useLocale } from '@platform/i18n';
import { useSession, useSetLocaleMutation } from '@platform/store';

/**
 * The language picker's action: switches the page (catalogues, <html lang>, the `lang` cookie that keeps a
 * visitor's choice), and for a signed-in person keeps the choice with the account too.
 */
export function useChooseLocale() {
  const locale = useLocale();
  const session = useSession();
  const [saveLocale] = useSetLocaleMutation();
  const signedIn = session.status === 'signedIn';
  const choose = useCallback(
    async (code: string) => {
      await changeLocale(code);
      // The page has switched already; a failed save only means another device will not follow.
      if (signedIn)
        await saveLocale({ locale: code as never })
          .unwrap()
          .catch(() => undefined);
    },
    [signedIn, saveLocale],
  );
  return { locale, choose };
}

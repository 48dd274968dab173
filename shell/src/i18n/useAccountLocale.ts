import { useEffect } from 'react';
import { changeLocale, i18n } from '@platform/i18n';
import { useSession } from '@platform/store';

/**
 * A signed-in person's account language wins over the cookie of the browser they are on: when the session
 * says another language than the page shows, the page switches (and the cookie follows, so the next first
 * paint is already right).
 */
export function useAccountLocale() {
  const session = useSession();
  const accountLocale = session.status === 'signedIn' ? session.user.locale : undefined;
  useEffect(() => {
    if (accountLocale && accountLocale !== i18n.language) void changeLocale(accountLocale);
  }, [accountLocale]);
}

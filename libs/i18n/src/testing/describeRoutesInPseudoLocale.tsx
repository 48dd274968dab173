import { act, screen } from '@testing-library/react';
import { i18n } from '../instance';
import { PSEUDO_LOCALE } from '../types';
import { untranslatedText } from './untranslatedText';

interface RouteModule {
  remoteName: string;
  routes: Array<{ path: string; title: string }>;
}

/** What the test's own harness adds to the page (a location probe), not the screen's text. */
const TEST_HARNESS = '[data-testid="location"]';

/**
 * Every page of a remote, rendered in the pseudo-locale, shows only text from a catalogue: each text node and
 * each announced attribute came through a translation (data is marked translate="no"). A page that writes
 * words into its markup fails with the list of them.
 */
export function describeRoutesInPseudoLocale<M extends RouteModule>(
  module: M,
  renderRoute: (path: string, route: M['routes'][number]) => unknown,
) {
  describe(`${module.remoteName} in the pseudo-locale`, () => {
    beforeEach(() => act(() => void i18n.changeLanguage(PSEUDO_LOCALE)));
    afterEach(() => act(() => void i18n.changeLanguage('en')));

    it.each(module.routes.map((route) => [route.path, route] as const))(
      '%s shows only catalogue text',
      async (path, route) => {
        renderRoute(path, route);
        await screen.findByRole('heading', { level: 1 });
        const copy = document.body.cloneNode(true) as HTMLElement;
        copy.querySelectorAll(TEST_HARNESS).forEach((node) => node.remove());
        expect(untranslatedText(copy)).toEqual([]);
      },
    );
  });
}

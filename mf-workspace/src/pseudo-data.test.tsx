// Every word on the workspace pages, once their answers are in, comes from a catalogue: rendered in the
// pseudo-locale, nothing but data (marked translate="no") and figures is left in plain English.
import { act, screen } from '@testing-library/react';
import { i18n, PSEUDO_LOCALE } from '@platform/i18n';
import { untranslatedText } from '@platform/i18n/testing';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import routes from './routes';
import { answerEverything, pagesWithData } from './projects/testing';

beforeEach(() => act(() => void i18n.changeLanguage(PSEUDO_LOCALE)));
afterEach(() => act(() => void i18n.changeLanguage('en')));

it.each(pagesWithData)('%s shows only catalogue text with its data in', async (path, shown) => {
  answerEverything();
  renderWithPlatform(routes, { path });
  expect((await screen.findAllByText(shown)).length).toBeGreaterThan(0);
  const copy = document.body.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[data-testid="location"]').forEach((node) => node.remove());
  expect(untranslatedText(copy)).toEqual([]);
});

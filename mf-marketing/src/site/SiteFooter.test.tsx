import { screen, within } from '@testing-library/react';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { stats } from '../../test/page-doubles';
import SiteFooter from './SiteFooter';
import {
  aboutPage,
  downloadPage,
  fundingGrantPage,
  landingPage,
  languagesPage,
  pageUrl,
  signinPage,
  signupPage,
  speechToSpeechPage,
  textToSpeechPage,
} from '@platform/contracts/client';

function renderFooter(languages: number) {
  const view = renderWithPlatform(<SiteFooter />, { signedInAs: null, path: pageUrl(aboutPage) });
  view.server.on('GET /api/public/stats', { body: stats({ languages }) });
  return view;
}

describe('the site footer', () => {
  afterEach(() => jest.useRealTimers());

  it('shows the copyright year from the current date', () => {
    jest.useFakeTimers({
      now: new Date('2031-03-04T10:00:00Z'),
      doNotFake: ['setImmediate', 'queueMicrotask'],
    });
    renderFooter(3);
    expect(screen.getByText(/© 2031/)).toHaveTextContent('© 2031 VoiceBank NG');
  });

  it('words the languages line from the live figure', async () => {
    renderFooter(3);
    expect(await screen.findByText('3 languages and growing')).toBeInTheDocument();
    expect(screen.queryByText(/40\+/)).toBeNull();
  });

  it('says one language in the singular', async () => {
    renderFooter(1);
    expect(await screen.findByText('1 language and growing')).toBeInTheDocument();
  });

  it('links to every public page and to the landing sections', () => {
    renderFooter(3);
    const hrefs = (name: string) =>
      within(screen.getByRole('navigation', { name }))
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'));
    expect(hrefs('Platform')).toEqual([
      pageUrl(landingPage, {}, { hash: 'features' }),
      pageUrl(landingPage, {}, { hash: 'how-it-works' }),
      pageUrl(landingPage, {}, { hash: 'roles' }),
      pageUrl(landingPage, {}, { hash: 'demo' }),
      pageUrl(landingPage, {}, { hash: 'faq' }),
    ]);
    expect(hrefs('Data and models')).toEqual([
      pageUrl(languagesPage),
      pageUrl(downloadPage),
      pageUrl(speechToSpeechPage),
      pageUrl(textToSpeechPage),
    ]);
    expect(hrefs('Community')).toEqual([
      pageUrl(landingPage, {}, { hash: 'contact' }),
      pageUrl(aboutPage),
      pageUrl(fundingGrantPage),
      pageUrl(signupPage),
      pageUrl(signinPage),
    ]);
    expect(screen.getByRole('form', { name: 'Newsletter' })).toBeInTheDocument();
  });
});

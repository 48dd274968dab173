import { screen, within } from '@testing-library/react';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { stats } from '../../test/page-doubles';
import SiteFooter from './SiteFooter';

function renderFooter(languages: number) {
  const view = renderWithPlatform(<SiteFooter />, { signedInAs: null, path: '/about' });
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
    expect(hrefs('Platform')).toEqual(['/#features', '/#how-it-works', '/#roles', '/#demo', '/#faq']);
    expect(hrefs('Data and models')).toEqual([
      '/languages',
      '/download',
      '/model/speech-to-speech',
      '/model/text-to-speech',
    ]);
    expect(hrefs('Community')).toEqual(['/#contact', '/about', '/funding-grant', '/signup', '/signin']);
    expect(screen.getByRole('form', { name: 'Newsletter' })).toBeInTheDocument();
  });
});

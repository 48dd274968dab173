import { act, screen, waitFor, within } from '@testing-library/react';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { ANCHOR_OFFSET_PX, landingPage, pageUrl, signinPage } from '@platform/contracts/client';
import {
  FakeIntersectionObserver,
  installIntersectionObserver,
  removeIntersectionObserver,
  stats,
} from '../../test/page-doubles';
import { LandingPage } from './LandingPage';

const scrollTo = jest.fn();

function renderLanding(path = pageUrl(landingPage)) {
  const view = renderWithPlatform(<LandingPage />, { signedInAs: null, path });
  view.server.on('GET /api/public/stats', { body: stats() });
  view.server.on('GET /api/public/demo', { body: { clip: null } });
  return view;
}

const sectionHeading = (name: string) => screen.queryByRole('heading', { level: 2, name });

beforeEach(() => {
  installIntersectionObserver();
  scrollTo.mockReset();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
});
afterEach(removeIntersectionObserver);

describe('the landing page', () => {
  it('shows the hero with Get Started and leaves the sections for when the visitor moves toward them', async () => {
    renderLanding();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Revolutionizing Language Data Collection' }),
    ).toBeInTheDocument();
    const hero = screen.getByRole('region', { name: 'Revolutionizing Language Data Collection' });
    expect(within(hero).getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      pageUrl(signinPage),
    );

    // The sections' place is within reach but below the first screen: nothing is fetched yet...
    act(() => FakeIntersectionObserver.enter('div', window.innerHeight + 10));
    expect(sectionHeading('Features')).toBeNull();
    // ...until the visitor scrolls.
    act(() => void window.dispatchEvent(new Event('scroll')));
    expect(await screen.findByRole('heading', { level: 2, name: 'Features' })).toBeInTheDocument();
  });

  it('loads the sections when an anchor asks for one, then scrolls to it 80 px below the top', async () => {
    const { user } = renderLanding();
    const site = screen.getByRole('navigation', { name: 'Site' });
    await user.click(within(site).getByRole('link', { name: 'FAQ' }));
    const faq = await screen.findByRole('heading', { level: 2, name: 'Frequently asked questions' });
    await waitFor(() => expect(scrollTo).toHaveBeenCalled());
    const section = faq.closest('section')!;
    expect(section).toHaveAttribute('id', 'faq');
    expect(scrollTo).toHaveBeenLastCalledWith(
      expect.objectContaining({ top: Math.max(0, section.getBoundingClientRect().top - ANCHOR_OFFSET_PX) }),
    );
    expect(section).toHaveFocus();
  });

  it('opened at a section (/#roles), loads the sections and goes to it', async () => {
    renderLanding(pageUrl(landingPage, {}, { hash: 'roles' }));
    const roles = await screen.findByRole('heading', { level: 2, name: 'User roles' });
    await waitFor(() => expect(roles.closest('section')).toHaveFocus());
    expect(scrollTo).toHaveBeenCalled();
  });
});

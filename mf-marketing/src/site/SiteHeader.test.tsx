import { act, screen, waitFor, within } from '@testing-library/react';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import {
  aboutPage,
  downloadPage,
  fundingGrantPage,
  HEADER_SCROLLED_PX,
  landingPage,
  pageUrl,
  signinPage,
} from '@platform/contracts/client';
import { SiteHeader } from './SiteHeader';
import { PARENT_SITE } from './links';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  act(() => void window.dispatchEvent(new Event('scroll')));
}

const header = () => document.querySelector('header')!;
const menuButton = () => screen.getByRole('button', { name: 'Menu' });
const menu = () => screen.getByRole('navigation', { name: 'Menu' });

afterEach(() => scrollTo(0));

describe('the site header', () => {
  it(`shrinks once the page has scrolled more than ${HEADER_SCROLLED_PX} px, not at ${HEADER_SCROLLED_PX}`, async () => {
    renderWithPlatform(<SiteHeader />);
    expect(header()).toHaveAttribute('data-scrolled', 'false');
    scrollTo(HEADER_SCROLLED_PX + 1);
    await waitFor(() => expect(header()).toHaveAttribute('data-scrolled', 'true'));
    scrollTo(HEADER_SCROLLED_PX);
    await waitFor(() => expect(header()).toHaveAttribute('data-scrolled', 'false'));
  });

  it('starts shrunk on a page that opens scrolled', () => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 400 });
    renderWithPlatform(<SiteHeader />);
    expect(header()).toHaveAttribute('data-scrolled', 'true');
  });

  it("links to the parent initiative's site in a new tab, and says so", () => {
    renderWithPlatform(<SiteHeader />, { path: pageUrl(aboutPage) });
    const desktop = screen.getByRole('navigation', { name: 'Site' });
    const parent = within(desktop).getByRole('link', { name: `${PARENT_SITE.label} (opens in a new tab)` });
    expect(parent).toHaveAttribute('href', PARENT_SITE.url);
    expect(parent).toHaveAttribute('target', '_blank');
    expect(parent).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(desktop).getByRole('link', { name: 'Fundings/Grants' })).toHaveAttribute(
      'href',
      pageUrl(fundingGrantPage),
    );
    expect(within(desktop).getByRole('link', { name: 'FAQ' })).toHaveAttribute(
      'href',
      pageUrl(landingPage, {}, { hash: 'faq' }),
    );
    expect(within(desktop).getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      pageUrl(downloadPage),
    );
    expect(within(desktop).getByRole('link', { name: 'About' })).toHaveAttribute('href', pageUrl(aboutPage));
    expect(within(desktop).getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      pageUrl(signinPage),
    );
  });

  it('opens the mobile menu with its own links and closes it when a link is chosen', async () => {
    const { user, location } = renderWithPlatform(<SiteHeader />, { path: pageUrl(aboutPage) });
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();

    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(menuButton().getAttribute('aria-controls')!)).toBeVisible();
    expect(
      within(menu())
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      [`${PARENT_SITE.label} (opens in a new tab)`, PARENT_SITE.url],
      ['Fundings/Grants', pageUrl(fundingGrantPage)],
      ['User Roles', pageUrl(landingPage, {}, { hash: 'roles' })],
      ['FAQ', pageUrl(landingPage, {}, { hash: 'faq' })],
      ['Get Started', pageUrl(signinPage)],
    ]);

    await user.click(within(menu()).getByRole('link', { name: 'Fundings/Grants' }));
    expect(location()).toBe(pageUrl(fundingGrantPage));
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();

    await user.click(menuButton());
    await user.click(within(menu()).getByRole('link', { name: 'Get Started' }));
    expect(location()).toBe(pageUrl(signinPage));
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the mobile menu on Escape and gives focus back to its button', async () => {
    const { user } = renderWithPlatform(<SiteHeader />);
    await user.click(menuButton());
    await user.keyboard('{Escape}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();
  });
});

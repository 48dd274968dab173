import { screen, within } from '@testing-library/react';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { FUNDING_AWARDS } from './awards';
import { FundingGrantPage } from './FundingGrantPage';
import { fundingGrantPage, pageUrl } from '@platform/contracts/client';

/** The page, once its awards (a chunk of their own) are in. */
async function renderPage() {
  const view = renderWithPlatform(<FundingGrantPage />, { path: pageUrl(fundingGrantPage) });
  await screen.findByRole('heading', { level: 2, name: 'Google Award for Inclusion Research' });
  return view;
}

const card = (title: string) => screen.getByRole('article', { name: title });

describe(pageUrl(fundingGrantPage), () => {
  it('lists the two awards with their category, provider, year, tags and badge', async () => {
    await renderPage();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Google Academic Research Award: Society-Centered AI',
      'Google Award for Inclusion Research',
    ]);
    const first = within(card('Google Academic Research Award: Society-Centered AI'));
    expect(first.getByText('Research Grant')).toBeInTheDocument();
    expect(first.getByText('Awarded')).toBeInTheDocument();
    expect(first.getByText('Google Research')).toBeInTheDocument();
    expect(first.getByText('2024')).toBeInTheDocument();
    expect(
      within(first.getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Society-centered AI', 'Speech data', 'Yoruba']);
    expect(within(card('Google Award for Inclusion Research')).getByText('2023')).toBeInTheDocument();
  });

  it('opens an award’s details with Read More and closes them with Show Less', async () => {
    const { user } = await renderPage();
    const first = within(card('Google Academic Research Award: Society-Centered AI'));
    const fullText = /This 2024 award, in the society-centered AI area/;
    expect(first.getByText(fullText)).not.toBeVisible();

    const readMore = first.getByRole('button', { name: 'Read More' });
    expect(readMore).toHaveAttribute('aria-expanded', 'false');
    await user.click(readMore);
    expect(first.getByText(fullText)).toBeVisible();
    const showLess = first.getByRole('button', { name: 'Show Less' });
    expect(showLess).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(showLess.getAttribute('aria-controls')!)).toHaveTextContent(fullText);
    // The other award stays closed.
    expect(
      within(card('Google Award for Inclusion Research')).getByRole('button', { name: 'Read More' }),
    ).toHaveAttribute('aria-expanded', 'false');

    await user.click(showLess);
    expect(first.getByText(fullText)).not.toBeVisible();
    expect(first.getByRole('button', { name: 'Read More' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens each award’s page in a new tab, without giving it this page', async () => {
    await renderPage();
    const links = screen.getAllByRole('link', { name: /View Grant Details/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(FUNDING_AWARDS.map((a) => a.link));
    expect(links[0]).toHaveAttribute(
      'href',
      'https://research.google/programs-and-events/google-academic-research-awards/',
    );
    expect(links[1]).toHaveAttribute(
      'href',
      'https://research.google/programs-and-events/award-for-inclusion-research/',
    );
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link).toHaveTextContent('(opens in a new tab)');
    }
  });
});

import { act, screen, within } from '@testing-library/react';
import type { LanguageFigures, PublicLanguages } from '@platform/contracts';
import {
  LANGUAGE_GOAL_HOURS,
  LANGUAGES,
  languagesPage,
  pageUrl,
  speakPage,
} from '@platform/contracts/client';
import { i18n, PSEUDO_LOCALE } from '@platform/i18n';
import { expectOnlyCatalogueText } from '@platform/i18n/testing';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { errorReply, installFakeServer } from '@platform/store/testing';
import type { FakeServer } from '@platform/store/testing';
import { LanguagesPage } from './LanguagesPage';

const figures: Record<string, Omit<LanguageFigures, 'language' | 'goalHours'>> = {
  yo: { hoursRecorded: 412.5, hoursValidated: 250, speakers: 1234, sentences: 5678, textPairs: 910 },
  en: { hoursRecorded: 88.4, hoursValidated: 31.2, speakers: 321, sentences: 4321, textPairs: 910 },
  ha: { hoursRecorded: 7.5, hoursValidated: 2.5, speakers: 19, sentences: 640, textPairs: 0 },
  ig: { hoursRecorded: 3, hoursValidated: 0, speakers: 4, sentences: 77, textPairs: 0 },
  pcm: { hoursRecorded: 0, hoursValidated: 0, speakers: 0, sentences: 0, textPairs: 0 },
};

const reply: PublicLanguages = {
  languages: LANGUAGES.map(({ code }) => ({
    language: code,
    goalHours: LANGUAGE_GOAL_HOURS[code],
    ...figures[code]!,
  })),
  computedAt: '2026-11-26T10:00:00.000Z',
};

function renderPage(
  configure: (server: FakeServer) => void = (s) => s.on('GET /api/public/languages', { body: reply }),
) {
  const server = installFakeServer();
  configure(server);
  return { ...renderWithPlatform(<LanguagesPage />, { path: pageUrl(languagesPage) }), server };
}

const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;

describe(pageUrl(languagesPage), () => {
  it('shows one row per language with the figures as the server gives them', async () => {
    renderPage();
    expect(await screen.findByRole('rowheader', { name: 'Yoruba' })).toBeInTheDocument();
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'Yoruba',
      'English',
      'Hausa',
      'Igbo',
      'Nigerian Pidgin',
    ]);

    const yoruba = within(rowOf('Yoruba'));
    expect(
      yoruba
        .getAllByRole('cell')
        .slice(0, 5)
        .map((cell) => cell.textContent),
    ).toEqual(['412.5', '250', '1,234', '5,678', '910']);
    const hausa = within(rowOf('Hausa'));
    expect(
      hausa
        .getAllByRole('cell')
        .slice(0, 5)
        .map((cell) => cell.textContent),
    ).toEqual(['7.5', '2.5', '19', '640', '0']);
  });

  it('draws each language’s validated hours toward its goal, with the percent', async () => {
    renderPage();
    await screen.findByRole('rowheader', { name: 'Yoruba' });
    const bar = screen.getByRole('progressbar', { name: 'Yoruba: validated hours toward the goal' });
    expect(bar).toHaveAttribute('aria-valuenow', '250');
    expect(bar).toHaveAttribute('aria-valuemax', '1000');
    expect(within(rowOf('Yoruba')).getByText('25% (250 of 1,000 hours)')).toBeInTheDocument();
    // Under a tenth, one decimal: 2.5 of 1,000 hours is 0.3 %, not a rounded 0.
    expect(within(rowOf('Hausa')).getByText('0.3% (2.5 of 1,000 hours)')).toBeInTheDocument();
    expect(within(rowOf('Nigerian Pidgin')).getByText('0% (0 of 500 hours)')).toBeInTheDocument();
  });

  it('links every language to the Speak page', async () => {
    renderPage();
    const link = await screen.findByRole('link', { name: 'Record in Igbo' });
    expect(link).toHaveAttribute('href', pageUrl(speakPage));
  });

  it('says when the figures cannot be loaded, and loads them on Retry', async () => {
    let fail = true;
    const { user } = renderPage((server) =>
      server.on('GET /api/public/languages', () =>
        fail ? errorReply(500, 'Something went wrong on our side. Please try again.') : { body: reply },
      ),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The figures could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('rowheader', { name: 'Yoruba' })).toBeInTheDocument();
  });

  it('shows only catalogue text once the figures are in', async () => {
    await act(() => void i18n.changeLanguage(PSEUDO_LOCALE));
    try {
      renderPage();
      expect(await screen.findAllByRole('progressbar')).toHaveLength(LANGUAGES.length);
      expectOnlyCatalogueText();
    } finally {
      await act(() => void i18n.changeLanguage('en'));
    }
  });
});

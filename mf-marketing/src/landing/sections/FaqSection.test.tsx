import { screen, within } from '@testing-library/react';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { FaqSection } from './FaqSection';
import { downloadPage, downloadsPage, languagesPage, pageUrl } from '@platform/contracts/client';

const QUESTIONS = [
  'What is this platform?',
  'How can I contribute?',
  'What roles can I have?',
  'How is the data validated?',
  'How do researchers get the data, and under which licences?',
  'Which languages are supported?',
];

const question = (name: string) => screen.getByRole('button', { name });

describe('the FAQ', () => {
  it('asks six questions, all closed at first, each a button controlling its answer', () => {
    renderWithPlatform(<FaqSection />);
    const section = screen.getByRole('region', { name: 'Frequently asked questions' });
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(QUESTIONS);
    for (const name of QUESTIONS) {
      const button = question(name);
      expect(button).toHaveAttribute('aria-expanded', 'false');
      const panel = document.getElementById(button.getAttribute('aria-controls')!);
      expect(panel).not.toBeVisible();
    }
  });

  it('keeps one answer open at a time, and clicking the open question closes it', async () => {
    const { user } = renderWithPlatform(<FaqSection />);
    await user.click(question('How can I contribute?'));
    expect(question('How can I contribute?')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'How can I contribute?' })).toBeVisible();

    await user.click(question('What roles can I have?'));
    expect(question('How can I contribute?')).toHaveAttribute('aria-expanded', 'false');
    expect(question('What roles can I have?')).toHaveAttribute('aria-expanded', 'true');
    const roles = screen.getByRole('region', { name: 'What roles can I have?' });
    // The SPEC: the FAQ is where the project manager role is mentioned.
    expect(roles).toHaveTextContent(/Project managers/);
    expect(screen.getAllByRole('button', { expanded: true })).toHaveLength(1);

    await user.click(question('What roles can I have?'));
    expect(question('What roles can I have?')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'What roles can I have?' })).toBeNull();
  });

  it('answers where researchers get data, which languages are collected (no invented figure), and links to contact', async () => {
    const { user } = renderWithPlatform(<FaqSection />);
    await user.click(question('How do researchers get the data, and under which licences?'));
    const access = screen.getByRole('region', { name: /How do researchers get the data/ });
    expect(within(access).getByRole('link', { name: 'How to get the data' })).toHaveAttribute(
      'href',
      pageUrl(downloadPage),
    );
    expect(within(access).getByRole('link', { name: 'Browse the datasets' })).toHaveAttribute(
      'href',
      pageUrl(downloadsPage),
    );

    await user.click(question('Which languages are supported?'));
    const languages = screen.getByRole('region', { name: 'Which languages are supported?' });
    expect(
      within(languages)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Yoruba', 'English', 'Hausa', 'Igbo', 'Nigerian Pidgin']);
    expect(
      within(languages).getByRole('link', { name: 'See the figures for each language' }),
    ).toHaveAttribute('href', pageUrl(languagesPage));
    expect(document.body).not.toHaveTextContent(/40\+|98%/);

    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '#contact');
  });

  it('says how many votes accept a recording from the platform’s own rule', async () => {
    const { user } = renderWithPlatform(<FaqSection />);
    await user.click(question('How is the data validated?'));
    expect(screen.getByRole('region', { name: 'How is the data validated?' })).toHaveTextContent(
      /at least 2 people have voted for it/,
    );
  });
});

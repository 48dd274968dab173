import { act, screen } from '@testing-library/react';
import { i18n, PSEUDO_LOCALE } from '@platform/i18n';
import { expectOnlyCatalogueText } from '@platform/i18n/testing';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { installFakeServer } from '@platform/store/testing';
import { LANDING_SECTIONS } from '../../site/anchors';
import LandingSections from './index';

function renderSections(clip: unknown) {
  const server = installFakeServer();
  server.on('GET /api/public/demo', { body: { clip } });
  return renderWithPlatform(<LandingSections />);
}

const clip = {
  id: '65f0000000000000000000a1',
  sentence: 'Ẹ kú àárọ̀.',
  language: 'yo',
  dataset: 'Yoruba Read Speech',
  version: 2,
  durationMs: 2100,
  audioUrl: '/api/public/demo/65f0000000000000000000a1/audio',
};

describe('the landing sections', () => {
  it('are the six anchor sections in page order, each named by its h2', async () => {
    renderSections(null);
    await screen.findByRole('heading', { name: 'No recording has been published yet' });
    const sections = [...document.querySelectorAll('section[id]')];
    expect(sections.map((s) => s.id)).toEqual([...LANDING_SECTIONS]);
    expect(sections.map((s) => s.querySelector('h2')?.textContent)).toEqual([
      'Features',
      'How it works',
      'User roles',
      'See it in action',
      'Frequently asked questions',
      'Contact us',
    ]);
    for (const section of sections) {
      expect(section).toHaveAttribute('aria-labelledby', section.querySelector('h2')!.id);
    }
  });

  it('link to the contact form from the features and to the demo from how it works', async () => {
    renderSections(null);
    await screen.findByRole('heading', { name: 'No recording has been published yet' });
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '#contact');
    expect(screen.getByRole('link', { name: 'See it in action' })).toHaveAttribute('href', '#demo');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(
      expect.arrayContaining([
        'Speech-to-Text (S2T)',
        'Text-to-Speech (T2S)',
        'Speech-to-Speech (S2S)',
        'Validation & Quality Control',
        'Data Management & API Access',
        'Data Collection',
        'Validation & Processing',
        'Data Access & Utilization',
      ]),
    );
    expect(screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual([
      'Advanced Analytics',
      'Customizable Workflows',
      'Enterprise Security',
      'Global Contributor Network',
    ]);
    // The SPEC's marketing figures are not the platform's: no section claims them.
    expect(document.body).not.toHaveTextContent(/40\+|98\s?%/);
  });

  it('wait for their catalogue: no section (and no bare key) shows before its words are in', async () => {
    let loaded = false;
    let finish: () => void = () => undefined;
    jest.spyOn(i18n, 'hasLoadedNamespace').mockImplementation(() => loaded);
    jest.spyOn(i18n, 'loadNamespaces').mockImplementation(
      () =>
        new Promise<void>((resolve) => {
          finish = () => {
            loaded = true;
            resolve();
          };
        }),
    );
    try {
      renderSections(null);
      expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
      expect(document.querySelectorAll('section')).toHaveLength(0);
      expect(document.body).not.toHaveTextContent(/features\.|faq\./);
      await act(async () => finish());
      expect(await screen.findByRole('heading', { level: 2, name: 'Features' })).toBeInTheDocument();
      expect(document.querySelectorAll('section[id]')).toHaveLength(LANDING_SECTIONS.length);
    } finally {
      jest.restoreAllMocks();
    }
  });

  describe('in the pseudo-locale', () => {
    beforeEach(() => act(() => void i18n.changeLanguage(PSEUDO_LOCALE)));
    afterEach(() => act(() => void i18n.changeLanguage('en')));

    it.each([
      ['with a published recording', clip],
      ['before any recording is published', null],
    ])('show only catalogue text %s', async (_case, demo) => {
      renderSections(demo);
      await screen.findByRole(demo ? 'button' : 'heading', {
        name: demo ? /Þļáý ŕéçöŕðîñĝ/ : /Ñö ŕéçöŕðîñĝ/,
      });
      expectOnlyCatalogueText(document.body);
    });
  });
});

import { act, screen } from '@testing-library/react';
import {
  aboutPage,
  downloadPage,
  fundingGrantPage,
  LANGUAGE_GOAL_HOURS,
  LANGUAGES,
  languagesPage,
  newsletterPage,
  pageUrl,
  speechToSpeechPage,
  textToSpeechPage,
} from '@platform/contracts/client';
import type { Dataset } from '@platform/contracts';
import { i18n, PSEUDO_LOCALE } from '@platform/i18n';
import { expectOnlyCatalogueText } from '@platform/i18n/testing';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { installFakeServer } from '@platform/store/testing';
import routes from './routes';
import { forgetRedemptions } from './newsletter/redeemToken';

// The routes test checks each page as it first renders (its title); this one checks the public pages'
// content once it and its data are in: every word from the catalogue, in every state shown here.

const dataset: Dataset = {
  id: '65f0000000000000000000d1',
  name: 'Yoruba Read Speech',
  description: 'Validated Yoruba sentences read aloud.',
  language: 'yo',
  category: 'conversational',
  tags: [],
  license: 'CC-BY-4.0',
  sources: { include: ['recordings'], languages: ['yo'], domains: [], categories: [] },
  createdAt: '2026-10-01T09:00:00.000Z',
  updatedAt: '2026-11-02T09:05:00.000Z',
  latestRelease: {
    version: 2,
    status: 'published',
    createdAt: '2026-11-01T09:00:00.000Z',
    publishedAt: '2026-11-02T09:05:00.000Z',
    progress: 1,
    figures: {
      clips: 10,
      audioSeconds: 5400,
      contributors: 3,
      sentences: 10,
      textPairs: 0,
      files: 14,
      bytes: 2_500_000,
    },
    sources: { include: ['recordings'], languages: ['yo'], domains: [], categories: [] },
    artifacts: [],
    downloads: 1,
  },
  building: null,
  downloads: 1,
  licenceAccepted: false,
};

function fakeGateway() {
  const server = installFakeServer();
  server.on('GET /api/public/languages', {
    body: {
      languages: LANGUAGES.map(({ code }) => ({
        language: code,
        hoursRecorded: 3.5,
        hoursValidated: 1.5,
        speakers: 4,
        sentences: 120,
        textPairs: 6,
        goalHours: LANGUAGE_GOAL_HOURS[code],
      })),
      computedAt: '2026-11-26T10:00:00.000Z',
    },
  });
  server.on('GET /api/datasets/summary', {
    body: { availableDatasets: 3, totalDownloads: 41, contributors: 12, audioHours: 1.5 },
  });
  server.on('GET /api/datasets', { body: { items: [dataset], total: 14, page: 1, pageSize: 10 } });
  server.on('POST /api/newsletter/confirm', { body: { status: 'subscribed' } });
  server.on('POST /api/newsletter/unsubscribe', { body: { status: 'unsubscribed' } });
}

const TOKEN = 'Abc123_-abc123XYZ789';

/** Each page, and a text that shows its content (and data) are in. */
const pages: Array<[path: string, ready: () => Promise<unknown>]> = [
  [pageUrl(languagesPage), () => screen.findAllByRole('progressbar')],
  [pageUrl(fundingGrantPage), () => screen.findAllByRole('article')],
  [pageUrl(speechToSpeechPage), () => screen.findAllByRole('heading', { level: 2 })],
  [pageUrl(textToSpeechPage), () => screen.findAllByRole('heading', { level: 2 })],
  [pageUrl(aboutPage), () => screen.findAllByRole('heading', { level: 2 })],
  [
    pageUrl(downloadPage),
    () => Promise.all([screen.findByText('41'), screen.findAllByRole('heading', { level: 3 })]),
  ],
  [`/newsletter?confirm=${TOKEN}`, () => screen.findByRole('heading', { level: 2 })],
  [`/newsletter?unsubscribe=${TOKEN}`, () => screen.findByRole('heading', { level: 2 })],
  [pageUrl(newsletterPage), () => screen.findByRole('heading', { level: 2 })],
];

describe('the public pages in the pseudo-locale, with their content and data', () => {
  beforeEach(() => act(() => void i18n.changeLanguage(PSEUDO_LOCALE)));
  afterEach(() => {
    forgetRedemptions();
    return act(() => void i18n.changeLanguage('en'));
  });

  it.each(pages)('%s shows only catalogue text', async (path, ready) => {
    fakeGateway();
    renderWithPlatform(routes, { path });
    await ready();
    expectOnlyCatalogueText();
  });
});

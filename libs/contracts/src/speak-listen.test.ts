import { Value } from '@sinclair/typebox/value';
import {
  DEFAULT_LANGUAGE,
  isLanguageCode,
  LANGUAGES,
  languageName,
  RecordingReportBody,
  recordingStatusFor,
  ROUND_MAX_SIZE,
  SentenceChangesQuery,
  SentenceReportBody,
  SentenceRoundQuery,
  UserPreferences,
  ValidateBatchQuery,
} from './index';

describe('languages', () => {
  it('lists the five codes with display names, yo by default', () => {
    expect(LANGUAGES.map((l) => `${l.code}:${languageName(l.code)}`)).toEqual([
      'yo:Yoruba',
      'en:English',
      'ha:Hausa',
      'ig:Igbo',
      'pcm:Nigerian Pidgin',
    ]);
    expect(DEFAULT_LANGUAGE).toBe('yo');
    expect(isLanguageCode('pcm')).toBe(true);
    expect(isLanguageCode('fr')).toBe(false);
    expect(Value.Check(UserPreferences, { language: 'ha' })).toBe(true);
    expect(Value.Check(UserPreferences, { language: 'xx' })).toBe(false);
  });
});

describe('round and batch sizes', () => {
  it(`takes 1 to ${ROUND_MAX_SIZE} sentences per round`, () => {
    expect(Value.Check(SentenceRoundQuery, { count: ROUND_MAX_SIZE })).toBe(true);
    expect(Value.Check(SentenceRoundQuery, { count: ROUND_MAX_SIZE + 1 })).toBe(false);
    expect(Value.Check(ValidateBatchQuery, { count: 0 })).toBe(false);
    expect(Value.Check(SentenceChangesQuery, { after: -1, limit: 10 })).toBe(false);
  });
});

describe('reports', () => {
  it('accepts the listed reasons only, with details of at most 500 characters', () => {
    expect(Value.Check(SentenceReportBody, { reason: 'hard-to-pronounce' })).toBe(true);
    expect(Value.Check(SentenceReportBody, { reason: 'noise' })).toBe(false);
    expect(Value.Check(RecordingReportBody, { reason: 'noise' })).toBe(true);
    expect(Value.Check(RecordingReportBody, { reason: 'other', details: 'x'.repeat(501) })).toBe(false);
  });
});

describe('the vote rule', () => {
  it.each([
    [0, 0, 'undecided'],
    [1, 0, 'undecided'],
    [2, 0, 'validated'],
    [2, 1, 'validated'],
    [2, 2, 'undecided'],
    [3, 2, 'validated'],
    [0, 2, 'invalidated'],
    [1, 2, 'invalidated'],
    [2, 3, 'invalidated'],
    [1, 1, 'undecided'],
    [5, 5, 'undecided'],
  ] as const)('%i YES and %i NO is %s', (yes, no, status) => {
    expect(recordingStatusFor(yes, no)).toBe(status);
  });
});

import { Value } from '@sinclair/typebox/value';
import {
  AudioPairFileParams,
  AudioPairListQuery,
  AudioPairUploadFields,
  ContactBody,
  ErrorBody,
  Identity,
  QueryEmailBody,
  ReadinessReply,
  RecordingUploadFields,
  SentenceBatchBody,
  SentenceRoundQuery,
  SentenceSubmitBody,
  SigninBody,
  SignupBody,
  TextPairAddBody,
  UserPreferences,
  UserStats,
  VoteBody,
  SENTENCE_BATCH_MAX,
} from './index';

const goodSignup = { firstname: 'Ada', lastname: 'Obi', email: 'ada@example.org', password: 'Secret123' };

describe('sign-up', () => {
  it('accepts the SPEC payload, with or without a role', () => {
    expect(Value.Check(SignupBody, goodSignup)).toBe(true);
    expect(Value.Check(SignupBody, { ...goodSignup, role: 'reviewer' })).toBe(true);
  });
  it.each([
    ['a one-letter first name', { firstname: 'A' }],
    ['a 21-letter last name', { lastname: 'x'.repeat(21) }],
    ['an email with a 5-letter top-level part', { email: 'ada@example.abcde' }],
    ['an email without a dot after the at-sign', { email: 'ada@example' }],
    ['a password without a digit', { password: 'SecretSecret' }],
    ['a password without an uppercase letter', { password: 'secret123' }],
    ['a 7-character password', { password: 'Secre12' }],
    ['the admin role', { role: 'admin' }],
    ['an unknown field', { isAdmin: true }],
  ])('rejects %s', (_label, patch) => {
    expect(Value.Check(SignupBody, { ...goodSignup, ...patch })).toBe(false);
  });
  it('accepts names of exactly 2 and 20 characters', () => {
    expect(Value.Check(SignupBody, { ...goodSignup, firstname: 'Jo', lastname: 'x'.repeat(20) })).toBe(true);
  });
});

describe('sign-in and email query', () => {
  it('needs a password but not a strong one', () => {
    expect(Value.Check(SigninBody, { email: 'a@b.io', password: 'x' })).toBe(true);
    expect(Value.Check(SigninBody, { email: 'a@b.io', password: '' })).toBe(false);
    expect(Value.Check(SigninBody, { email: 'a@b.io' })).toBe(false);
  });
  it('checks the email shape', () => {
    expect(Value.Check(QueryEmailBody, { email: 'a@b.com' })).toBe(true);
    expect(Value.Check(QueryEmailBody, { email: 'a b@c.com' })).toBe(false);
  });
});

describe('contact', () => {
  const good = { firstName: 'A', lastName: 'B', email: 'a@b.c', interest: 'Other inquiry' };
  it('accepts the form with optional languages', () => {
    expect(Value.Check(ContactBody, good)).toBe(true);
    expect(Value.Check(ContactBody, { ...good, languages: 'Yoruba, Hausa' })).toBe(true);
  });
  it('rejects blank names, unknown interests and bad emails', () => {
    expect(Value.Check(ContactBody, { ...good, firstName: '   ' })).toBe(false);
    expect(Value.Check(ContactBody, { ...good, interest: 'Spam' })).toBe(false);
    expect(Value.Check(ContactBody, { ...good, email: 'no-at-sign.com' })).toBe(false);
  });
});

describe('text pairs', () => {
  const good = {
    source_lang_text: 'Good morning',
    target_lang_text: 'E kaaro',
    text_category: 'conversational',
  };
  it('accepts a pair, with the legacy user_id too', () => {
    expect(Value.Check(TextPairAddBody, good)).toBe(true);
    expect(Value.Check(TextPairAddBody, { ...good, user_id: 1 })).toBe(true);
  });
  it('rejects an unknown category, a missing side or an unknown field', () => {
    expect(Value.Check(TextPairAddBody, { ...good, text_category: 'poetry' })).toBe(false);
    expect(Value.Check(TextPairAddBody, { source_lang_text: 'Hi', text_category: 'academic' })).toBe(false);
    expect(Value.Check(TextPairAddBody, { ...good, owner: 'someone-else' })).toBe(false);
  });
});

describe('sentences', () => {
  it('bounds the round query', () => {
    expect(Value.Check(SentenceRoundQuery, { lang: 'yo', count: 5 })).toBe(true);
    expect(Value.Check(SentenceRoundQuery, {})).toBe(true);
    expect(Value.Check(SentenceRoundQuery, { lang: 'fr' })).toBe(false);
    expect(Value.Check(SentenceRoundQuery, { count: 0 })).toBe(false);
    expect(Value.Check(SentenceRoundQuery, { count: 21 })).toBe(false);
  });
  const single = { text: 'Hi.', citation: 'Own work', domain: ['general'], lang: 'en', cc0Confirmed: true };
  it('needs text, citation, domains from the list, a language and the CC0 answer', () => {
    expect(Value.Check(SentenceSubmitBody, single)).toBe(true);
    expect(Value.Check(SentenceSubmitBody, { ...single, domain: [] })).toBe(true);
    expect(Value.Check(SentenceSubmitBody, { ...single, domain: ['poetry'] })).toBe(false);
    expect(Value.Check(SentenceSubmitBody, { ...single, domain: ['news', 'news'] })).toBe(false);
    expect(Value.Check(SentenceSubmitBody, { ...single, lang: 'fr' })).toBe(false);
    const { citation: _citation, ...withoutCitation } = single;
    expect(Value.Check(SentenceSubmitBody, withoutCitation)).toBe(false);
    const { cc0Confirmed: _cc0, ...unconfirmed } = single;
    expect(Value.Check(SentenceSubmitBody, unconfirmed)).toBe(false);
  });
  it('leaves the batch-size rule to the service but bounds the request', () => {
    const { text: _text, ...fields } = single;
    const body = (n: number) => ({ ...fields, sentences: Array<string>(n).fill('A line.') });
    expect(Value.Check(SentenceBatchBody, body(SENTENCE_BATCH_MAX + 1))).toBe(true);
    expect(Value.Check(SentenceBatchBody, body(SENTENCE_BATCH_MAX * 10 + 1))).toBe(false);
  });
});

describe('recordings, votes and audio pairs', () => {
  it('checks a vote is a boolean', () => {
    expect(Value.Check(VoteBody, { isValid: true })).toBe(true);
    expect(Value.Check(VoteBody, { isValid: 'yes' })).toBe(false);
  });
  it('checks upload fields', () => {
    expect(Value.Check(RecordingUploadFields, { sentenceId: 'abc123' })).toBe(true);
    expect(Value.Check(RecordingUploadFields, { sentenceId: '../etc/passwd' })).toBe(false);
    expect(Value.Check(AudioPairUploadFields, { text_id: 't1', user_dialect: 'ekiti-yoruba' })).toBe(true);
    expect(Value.Check(AudioPairUploadFields, { text_id: 't1', user_dialect: 'lagos' })).toBe(false);
  });
  it('pages audio pairs by five unless asked otherwise, and names audio files strictly', () => {
    const query = Value.Default(AudioPairListQuery, {}) as { page: number; pageSize: number };
    expect(query).toEqual({ page: 1, pageSize: 5 });
    expect(Value.Check(AudioPairListQuery, { status: 'approved', dialect: 'other', pageSize: 51 })).toBe(
      false,
    );
    expect(Value.Check(AudioPairListQuery, { status: 'done' })).toBe(false);
    const file = (name: string) => Value.Check(AudioPairFileParams, { file: name });
    expect(file('65f0c0ffee0000000000abcd-source.wav')).toBe(true);
    expect(file('65f0c0ffee0000000000abcd-target.wav')).toBe(true);
    expect(file('65f0c0ffee0000000000abcd-other.wav')).toBe(false);
    expect(file('../65f0c0ffee0000000000abcd-source.wav')).toBe(false);
  });
  it('keeps the dialect optional in preferences, so Speak can save its language alone', () => {
    expect(Value.Check(UserPreferences, { language: 'yo' })).toBe(true);
    expect(Value.Check(UserPreferences, { language: 'yo', dialect: 'ekiti-yoruba' })).toBe(true);
    expect(Value.Check(UserPreferences, { language: 'yo', dialect: 'lagos' })).toBe(false);
  });
  it('keeps stats as non-negative integers', () => {
    const stats = {
      recordings: { submitted: 3, validated: 1 },
      votes: 0,
      skips: 2,
      donations: { submitted: 2, approved: 1 },
      sentences: { written: 4, approved: 1 },
      textPairs: { added: 0, approved: 0 },
      reviews: 7,
    };
    expect(Value.Check(UserStats, stats)).toBe(true);
    expect(Value.Check(UserStats, { ...stats, skips: -1 })).toBe(false);
    expect(Value.Check(UserStats, { ...stats, recordings: { submitted: 1 } })).toBe(false);
  });
});

describe('shared shapes', () => {
  it('identity carries a known role only', () => {
    expect(Value.Check(Identity, { id: 'u1', role: 'admin' })).toBe(true);
    expect(Value.Check(Identity, { id: 'u1', role: 'root' })).toBe(false);
  });
  it('the error body carries a stable code beside the message', () => {
    const body = { error: 'Bad Request', code: 'validation.failed', message: 'x', statusCode: 400 };
    expect(Value.Check(ErrorBody, body)).toBe(true);
    expect(Value.Check(ErrorBody, { error: 'Bad Request', message: 'x', statusCode: 400 })).toBe(false);
    expect(Value.Check(ErrorBody, { ...body, error: 'OK', statusCode: 200 })).toBe(false);
  });
  it('readiness lists checks as up or down', () => {
    const ready = { status: 'ready', service: 'text', checks: { database: 'up' } };
    expect(Value.Check(ReadinessReply, ready)).toBe(true);
    expect(Value.Check(ReadinessReply, { ...ready, checks: { database: 'maybe' } })).toBe(false);
  });
});

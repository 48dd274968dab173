import { act } from 'react';
import { ERROR_CODES, ERROR_MESSAGES } from '@platform/contracts';
import { ERRORS_NAMESPACE, i18n, translateError } from '@platform/i18n';
import { flattenCatalogue } from '@platform/i18n/testing';
import en from '../errors/i18n/en.json';
import yo from '../errors/i18n/yo.json';
import shellEn from './en.json';

const english = flattenCatalogue(en);
const yoruba = flattenCatalogue(yo);

afterEach(() => act(() => void i18n.changeLanguage('en')));

describe('the error messages catalogue', () => {
  it('has an English entry for every error code the platform answers with', () => {
    const missing = ERROR_CODES.filter((code) => !(code in english));
    expect(missing).toEqual([]);
  });

  it('renders, in English, exactly the message the server sends for every code', () => {
    // Through i18n as a screen would: ICU must leave backticks, quotes and symbols as written.
    const differing = ERROR_CODES.filter((code) => translateError(code, 'fallback') !== ERROR_MESSAGES[code]);
    expect(differing).toEqual([]);
  });

  it('keeps the generic network and unknown messages next to the codes', () => {
    expect(i18n.t('network', { ns: ERRORS_NAMESPACE })).toBe(
      'Server is unavailable. Please try again later.',
    );
    expect(i18n.t('unknown', { ns: ERRORS_NAMESPACE })).toBe('Something went wrong. Please try again.');
  });

  it('shows a known code in Yorùbá when the page is in Yorùbá', async () => {
    await act(() => i18n.changeLanguage('yo'));
    expect(translateError('recording.already_voted', ERROR_MESSAGES['recording.already_voted'])).toBe(
      'O ti dìbò lórí ohùn yìí tẹ́lẹ̀.',
    );
    expect(translateError('network.unreachable', ERROR_MESSAGES['network.unreachable'])).toBe(
      yoruba['network.unreachable'],
    );
    expect(translateError('site.not_built', ERROR_MESSAGES['site.not_built'])).toContain('`npm run build`');
    const untranslated = ERROR_CODES.filter(
      (code) => translateError(code, ERROR_MESSAGES[code]) === ERROR_MESSAGES[code],
    );
    expect(untranslated).toEqual([]);
  });

  it('keeps the error messages out of the shell catalogue an English page loads first', () => {
    expect(Object.keys(shellEn)).not.toContain('errors');
  });

  it("shows the server's own message for a code the catalogue does not know, or no code", async () => {
    await act(() => i18n.changeLanguage('yo'));
    expect(translateError('recording.brand_new_code', 'A message only the server knows.')).toBe(
      'A message only the server knows.',
    );
    expect(translateError(undefined, 'No code at all.')).toBe('No code at all.');
  });
});

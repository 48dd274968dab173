import { act } from 'react';
import { AUTH_MESSAGES, ERROR_MESSAGES } from '@platform/contracts';
import { ERRORS_NAMESPACE, i18n } from '@platform/i18n';
import { AUTH_NAMESPACE, translateMessage } from '.';

// On the page the error messages' catalogue is loaded beside this remote's; here, one of them.
const YORUBA_ERRORS = { validation: { failed: 'Ìbéèrè yìí kò bófin mu.' } };
const tYoruba = () => i18n.getFixedT('yo', AUTH_NAMESPACE);

beforeAll(() => i18n.addResourceBundle('yo', ERRORS_NAMESPACE, YORUBA_ERRORS, true, true));
beforeEach(() => act(() => void i18n.changeLanguage('yo')));
afterEach(() => act(() => void i18n.changeLanguage('en')));

describe('translateMessage', () => {
  it("shows the server's words for a platform error code in the chosen language", () => {
    expect(translateMessage(tYoruba(), ERROR_MESSAGES['validation.failed'])).toBe('Ìbéèrè yìí kò bófin mu.');
  });

  it('still shows an account rule through this remote’s own catalogue', () => {
    expect(translateMessage(tYoruba(), AUTH_MESSAGES.incorrectPassword)).toBe('Ọ̀rọ̀ aṣínà kò tọ̀nà');
  });

  it('leaves free text from the server as it came', () => {
    expect(translateMessage(tYoruba(), 'Some words no catalogue has.')).toBe('Some words no catalogue has.');
  });
});

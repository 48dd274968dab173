import { screen, within } from '@testing-library/react';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { RolesSection } from './RolesSection';
import { pageUrl, signupPage } from '@platform/contracts/client';

describe('the user roles', () => {
  it('offers three roles, each button opening sign-up with that role chosen', async () => {
    const { user, location } = renderWithPlatform(<RolesSection />);
    const section = screen.getByRole('region', { name: 'User roles' });
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Contributor', 'Validator', 'Researcher']);
    expect(within(section).getByRole('link', { name: 'Become a Contributor' })).toHaveAttribute(
      'href',
      pageUrl(signupPage, { role: 'contributor' }),
    );
    expect(within(section).getByRole('link', { name: 'Apply as Validator' })).toHaveAttribute(
      'href',
      pageUrl(signupPage, { role: 'reviewer' }),
    );
    expect(within(section).getByRole('link', { name: 'Research Partnership' })).toHaveAttribute(
      'href',
      pageUrl(signupPage, { role: 'researcher' }),
    );
    await user.click(within(section).getByRole('link', { name: 'Apply as Validator' }));
    expect(location()).toBe(pageUrl(signupPage, { role: 'reviewer' }));
  });
});

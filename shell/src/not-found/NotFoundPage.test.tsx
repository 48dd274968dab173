import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BRAND_NAME } from '@platform/remote-kit';
import { renderShell } from '../../test/renderShell';
import { landingPage, pageUrl } from '@platform/contracts/client';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(() => new Promise(() => undefined)),
  registerRemotes: jest.fn(),
}));

describe('the not-found screen', () => {
  it('shows the SPEC wording exactly', async () => {
    renderShell('/this/does/not/exist');
    // The screen's code arrives when it is first needed (it is not part of the landing page).
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "Oops! It seems we've wandered off the path. The page you're looking for doesn't exist or has moved.",
      ),
    ).toBeInTheDocument();
    const footer = screen.getByText(/Let's get you back on track with/);
    expect(footer).toHaveTextContent(`Let's get you back on track with ${BRAND_NAME}`);
  });

  it('has two decorative icons hidden from assistive technology and no chrome', async () => {
    const { container } = renderShell('/nowhere');
    await screen.findByRole('main');
    const screenRoot = container.querySelector('[data-not-found]')!;
    expect(screenRoot.querySelectorAll('[aria-hidden="true"] svg')).toHaveLength(2);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toBe(screenRoot);
  });

  it('Back to Home leads to /', async () => {
    renderShell('/nowhere');
    const back = await screen.findByRole('link', { name: 'Back to Home' });
    expect(back).toHaveAttribute('href', pageUrl(landingPage));
    await userEvent.click(back);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});

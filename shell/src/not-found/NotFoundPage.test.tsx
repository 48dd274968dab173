import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BRAND_NAME } from '@platform/remote-kit';
import { renderShell } from '../../test/renderShell';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(() => new Promise(() => undefined)),
  registerRemotes: jest.fn(),
}));

describe('the not-found screen', () => {
  it('shows the SPEC wording exactly', async () => {
    renderShell('/this/does/not/exist');
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "Oops! It seems we've wandered off the path. The page you're looking for doesn't exist or has moved.",
      ),
    ).toBeInTheDocument();
    const footer = screen.getByText(/Let's get you back on track with/);
    expect(footer).toHaveTextContent(`Let's get you back on track with ${BRAND_NAME}`);
  });

  it('has two decorative icons hidden from assistive technology and no chrome', () => {
    const { container } = renderShell('/nowhere');
    const screenRoot = container.querySelector('[data-not-found]')!;
    expect(screenRoot.querySelectorAll('[aria-hidden="true"] svg')).toHaveLength(2);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toBe(screenRoot);
  });

  it('Back to Home leads to /', async () => {
    renderShell('/nowhere');
    const back = screen.getByRole('link', { name: 'Back to Home' });
    expect(back).toHaveAttribute('href', '/');
    await userEvent.click(back);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});

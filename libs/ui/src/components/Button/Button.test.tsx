import type { ReactNode } from 'react';
import { screen } from '@testing-library/react';
import { renderUi } from '../../testing/renderUi';
import { Button } from './Button';

describe('Button', () => {
  it('calls onClick and defaults to type="button" so it never submits a form by accident', async () => {
    const onClick = jest.fn();
    const onSubmit = jest.fn((e: { preventDefault: () => void }) => e.preventDefault());
    const { user } = renderUi(
      <form onSubmit={onSubmit}>
        <Button onClick={onClick}>Save</Button>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('while loading: disabled, aria-busy, keeps its label as the name, shows a spinner and ignores clicks', async () => {
    const onClick = jest.fn();
    const { user, container } = renderUi(
      <Button loading onClick={onClick}>
        Submit Text Pair
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Submit Text Pair' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(container.querySelector('[data-spinner]')).not.toBeNull();
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('is not busy and has no spinner when not loading', () => {
    const { container } = renderUi(<Button>Go</Button>);
    expect(screen.getByRole('button', { name: 'Go' })).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('button', { name: 'Go' })).toBeEnabled();
    expect(container.querySelector('[data-spinner]')).toBeNull();
  });

  it('renders a link when given href', () => {
    renderUi(
      <Button href="/signin" variant="outline">
        Get Started
      </Button>,
    );
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signin');
  });

  it('renders through another component with `as` (e.g. a router Link receiving `to`)', () => {
    const FakeLink = ({ to, children, ...rest }: { to: string; children?: ReactNode }) => (
      <a data-to={to} href={to} {...rest}>
        {children}
      </a>
    );
    renderUi(
      <Button as={FakeLink} to="/dashboard">
        Dashboard
      </Button>,
    );
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('data-to', '/dashboard');
  });

  it('a disabled link button is aria-disabled and swallows activation', async () => {
    const onClick = jest.fn();
    const { user } = renderUi(
      <Button href="#x" disabled onClick={onClick}>
        Nope
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Nope' });
    expect(link).toHaveAttribute('aria-disabled', 'true');
    await user.click(link);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('forwards ref to the native button', () => {
    const ref = { current: null as HTMLButtonElement | null };
    renderUi(<Button ref={ref}>Ref</Button>);
    expect(ref.current).toBeInstanceOf(HTMLButtonElement);
  });
});

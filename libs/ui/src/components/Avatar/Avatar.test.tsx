import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { Avatar, PlatformThemeProvider, initialsOf } from '../../index';

const wrapper = ({ children }: { children: ReactNode }) => (
  <PlatformThemeProvider>{children}</PlatformThemeProvider>
);

describe('Avatar', () => {
  it('shows the picture with the text alternative it is given', () => {
    render(<Avatar name="Ada Lovelace" src="/a.png" alt="Your picture" size="lg" />, { wrapper });
    expect(screen.getByRole('img', { name: 'Your picture' })).toHaveAttribute('src', '/a.png');
  });

  it('shows initials, hidden from assistive technology, when there is no picture', () => {
    const { container } = render(<Avatar name="Ada  King Lovelace" src={null} />, { wrapper });
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('[data-initials]')).toHaveTextContent('AK');
    expect(container.querySelector('[data-initials]')).toHaveAttribute('aria-hidden', 'true');
  });

  it('takes the first letters of the first two names', () => {
    expect(initialsOf(' ada lovelace byron ')).toBe('AL');
  });
});

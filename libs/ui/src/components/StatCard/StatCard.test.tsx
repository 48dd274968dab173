import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderUi } from '../../testing/renderUi';
import { StatCard } from './StatCard';

describe('StatCard', () => {
  it('shows the label and exactly the value given (0 included)', () => {
    renderUi(<StatCard label="Pending Tasks" value={0} />);
    expect(screen.getByText('Pending Tasks')).toBeInTheDocument();
    expect(screen.getByTestId('stat-value')).toHaveTextContent(/^0$/);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows nothing invented when no value is given', () => {
    renderUi(<StatCard label="Audio Hours" />);
    expect(screen.getByTestId('stat-value')).toBeEmptyDOMElement();
  });

  it('is one link when given href', () => {
    renderUi(<StatCard label="Active Projects" value="12" href="/projects" />);
    const link = screen.getByRole('link', { name: /Active Projects\s*12/ });
    expect(link).toHaveAttribute('href', '/projects');
  });

  it('uses a router link component when given linkAs', () => {
    const RouterLink = ({ to, children, ...rest }: { to: string; children?: ReactNode }) => (
      <a href={`/app${to}`} {...rest}>
        {children}
      </a>
    );
    renderUi(
      <StatCard label="Completed Tasks" value={3} href="/tasks?status=completed" linkAs={RouterLink} />,
    );
    expect(screen.getByRole('link')).toHaveAttribute('href', '/app/tasks?status=completed');
  });

  it('loading: busy with a skeleton instead of the value', () => {
    const { container } = renderUi(<StatCard label="Contributors" value={99} loading />);
    expect(container.firstElementChild).toHaveAttribute('aria-busy', 'true');
    expect(container.querySelector('[data-skeleton]')).not.toBeNull();
    expect(screen.queryByText('99')).toBeNull();
  });
});

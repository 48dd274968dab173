// Behaviour of the small presentational pieces and the theme plumbing.
import { render, screen } from '@testing-library/react';
import styled from 'styled-components';
import { renderUi } from '../testing/renderUi';
import {
  Badge,
  Card,
  EmptyState,
  ErrorState,
  MicIcon,
  PlatformThemeProvider,
  Skeleton,
  Spinner,
  VisuallyHidden,
  icons,
  theme,
} from '../index';

describe('Spinner', () => {
  it('is a status with an accessible label', () => {
    renderUi(<Spinner label="Loading recordings" />);
    expect(screen.getByRole('status', { name: 'Loading recordings' })).toBeInTheDocument();
  });

  it('is hidden from assistive technology when decorative', () => {
    renderUi(<Spinner decorative />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('ErrorState', () => {
  it('announces the failure and retries on demand', async () => {
    const onRetry = jest.fn();
    const { user } = renderUi(
      <ErrorState title="This section is temporarily unavailable" message="Try again" onRetry={onRetry} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('This section is temporarily unavailable');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('has no Retry button without onRetry', () => {
    renderUi(<ErrorState message="Failed to fetch text pairs. Please try again." />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('EmptyState', () => {
  it('shows title, description and the action', () => {
    renderUi(
      <EmptyState
        title="No datasets found"
        description="Try adjusting your search or filter criteria"
        action={<button type="button">Clear filters</button>}
      />,
    );
    expect(screen.getByRole('heading', { name: 'No datasets found' })).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filter criteria')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
  });
});

describe('Card', () => {
  it('is a region named by its title, at the requested heading level', () => {
    renderUi(
      <Card title="Text Pair Information" headingLevel={3} footer={<button type="button">Submit</button>}>
        body
      </Card>,
    );
    expect(screen.getByRole('region', { name: 'Text Pair Information' })).toHaveTextContent('body');
    expect(screen.getByRole('heading', { level: 3, name: 'Text Pair Information' })).toBeInTheDocument();
  });
});

describe('Badge, Skeleton, VisuallyHidden', () => {
  it('Badge renders its text', () => {
    renderUi(<Badge variant="success">Awarded</Badge>);
    expect(screen.getByText('Awarded')).toBeInTheDocument();
  });

  it('Skeleton is hidden from assistive technology and can draw several lines', () => {
    const { container } = renderUi(<Skeleton lines={3} />);
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    expect(container.firstElementChild?.children).toHaveLength(3);
  });

  it('VisuallyHidden text still names a control', () => {
    renderUi(
      <button type="button">
        <MicIcon />
        <VisuallyHidden>Start recording</VisuallyHidden>
      </button>,
    );
    expect(screen.getByRole('button', { name: 'Start recording' })).toBeInTheDocument();
  });
});

describe('icons', () => {
  it('are decorative by default and named when given a title', () => {
    const { container } = render(
      <>
        <icons.upload />
        <icons.mic title="Microphone" />
      </>,
    );
    expect(container.querySelector('[data-icon="upload"]')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('img', { name: 'Microphone' })).toBeInTheDocument();
  });

  it('covers the set the remotes need', () => {
    for (const name of [
      'mic',
      'play',
      'stop',
      'check',
      'x',
      'chevron',
      'menu',
      'search',
      'user',
      'logout',
      'upload',
      'download',
    ]) {
      expect(icons).toHaveProperty(name);
    }
  });
});

describe('PlatformThemeProvider', () => {
  it('gives styled components the typed theme and applies the global style', () => {
    const Brand = styled.p`
      color: ${({ theme: t }) => t.colors.primary.main};
    `;
    render(
      <PlatformThemeProvider>
        <Brand>brand</Brand>
      </PlatformThemeProvider>,
    );
    expect(screen.getByText('brand')).toHaveStyle({ color: theme.colors.primary.main });
    expect(document.body).toHaveStyle({ color: theme.colors.text });
  });
});

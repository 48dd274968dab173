import { act, render, screen } from '@testing-library/react';
import { renderUi } from '../../testing/renderUi';
import { ToastProvider, useToast } from './ToastProvider';
import type { ToastOptions } from './ToastProvider';

function Trigger({ options, label }: { options: ToastOptions; label: string }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show(options)}>
      {label}
    </button>
  );
}

function setup() {
  return renderUi(
    <ToastProvider>
      <Trigger
        label="first"
        options={{ title: 'Success!', description: "We'll be in touch soon.", variant: 'success' }}
      />
      <Trigger label="second" options={{ title: 'Text pair added successfully!', variant: 'info' }} />
      <Trigger label="error" options={{ title: 'Something went wrong.', variant: 'error' }} />
    </ToastProvider>,
    { fakeTimers: true },
  );
}

describe('Toast system', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    act(() => jest.runOnlyPendingTimers());
    jest.useRealTimers();
  });

  it('shows a toast politely (role="status") in the top-right viewport', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'first' }));
    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('Success!');
    expect(toast).toHaveTextContent("We'll be in touch soon.");
    expect(toast).toHaveAttribute('aria-live', 'polite');
  });

  it('errors are announced as alerts', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'error' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong.');
  });

  it('a new toast replaces the current one (at most one visible)', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'first' }));
    await user.click(screen.getByRole('button', { name: 'second' }));
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Text pair added successfully!');
    expect(screen.queryByText('Success!')).toBeNull();
  });

  it('auto-dismisses after 5 seconds, restarting the timer for a replacement', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'first' }));
    act(() => jest.advanceTimersByTime(3000));
    await user.click(screen.getByRole('button', { name: 'second' }));
    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByRole('status')).toHaveTextContent('Text pair added successfully!');
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('can be dismissed with its button', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'first' }));
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('pauses while hovered and resumes with a full delay after', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'first' }));
    await user.hover(screen.getByRole('status'));
    act(() => jest.advanceTimersByTime(10_000));
    expect(screen.getByRole('status')).toBeInTheDocument();
    await user.unhover(screen.getByRole('status'));
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('useToast outside a provider fails loudly', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Trigger label="x" options={{ title: 't' }} />)).toThrow(/ToastProvider/);
    spy.mockRestore();
  });
});

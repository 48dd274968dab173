import { fireEvent, render, screen } from '@testing-library/react';
import { useShortcuts } from './useShortcuts';

function Harness({ run, disabled = false }: { run: () => void; disabled?: boolean }) {
  useShortcuts([{ key: 'r', label: 'Record', run, disabled }]);
  return (
    <>
      <input aria-label="note" />
      <button type="button">elsewhere</button>
    </>
  );
}

describe('useShortcuts', () => {
  it('runs on the key, either case', () => {
    const run = jest.fn();
    render(<Harness run={run} />);
    fireEvent.keyDown(window, { key: 'r' });
    fireEvent.keyDown(screen.getByRole('button'), { key: 'R' });
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('leaves typing, chords, held keys and open dialogs alone', () => {
    const run = jest.fn();
    render(<Harness run={run} />);
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'r' });
    fireEvent.keyDown(window, { key: 'r', ctrlKey: true });
    fireEvent.keyDown(window, { key: 'r', metaKey: true });
    fireEvent.keyDown(window, { key: 'r', repeat: true });
    const dialog = document.createElement('div');
    dialog.setAttribute('aria-modal', 'true');
    document.body.appendChild(dialog);
    fireEvent.keyDown(window, { key: 'r' });
    dialog.remove();
    expect(run).not.toHaveBeenCalled();
  });

  it('does nothing while its button is disabled', () => {
    const run = jest.fn();
    render(<Harness run={run} disabled />);
    fireEvent.keyDown(window, { key: 'r' });
    expect(run).not.toHaveBeenCalled();
  });
});

import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { renderUi } from '../../testing/renderUi';
import { Checkbox } from './Checkbox';

describe('Checkbox', () => {
  it('toggles by clicking its label and by Space', async () => {
    const ref = createRef<HTMLInputElement>();
    const { user } = renderUi(<Checkbox label="I agree" ref={ref} />);
    const box = screen.getByRole('checkbox', { name: 'I agree' });
    await user.click(screen.getByText('I agree'));
    expect(box).toBeChecked();
    box.focus();
    await user.keyboard(' ');
    expect(box).not.toBeChecked();
    expect(ref.current).toBe(box);
  });

  it('shows an error as an alert and marks the box invalid', () => {
    renderUi(<Checkbox label="I agree" error="You must agree" />);
    expect(screen.getByRole('checkbox')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription('You must agree');
    expect(screen.getByRole('alert')).toHaveTextContent('You must agree');
  });
});

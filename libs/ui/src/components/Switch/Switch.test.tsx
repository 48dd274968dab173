import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { renderUi } from '../../testing/renderUi';
import { Switch } from './Switch';

describe('Switch', () => {
  it('is a role="switch" that toggles by click and keyboard and reports changes', async () => {
    const onChange = jest.fn();
    const ref = createRef<HTMLInputElement>();
    const { user } = renderUi(
      <Switch label="Email Notifications" defaultChecked onChange={onChange} ref={ref} />,
    );
    const toggle = screen.getByRole('switch', { name: 'Email Notifications' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    await user.keyboard(' ');
    expect(toggle).toBeChecked();
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(ref.current).toBe(toggle);
  });

  it('shows an error as an alert', () => {
    renderUi(<Switch label="Task Reminders" error="Could not save" />);
    expect(screen.getByRole('switch')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Could not save');
  });
});

import { screen } from '@testing-library/react';
import { useState } from 'react';
import { renderUi } from '../../testing/renderUi';
import { RadioGroup } from './RadioGroup';

const options = [
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'never', label: 'Never' },
];

describe('RadioGroup', () => {
  it('is a named group; choosing an option reports its value (uncontrolled)', async () => {
    const onValueChange = jest.fn();
    const { user } = renderUi(
      <RadioGroup
        label="Email digest"
        name="digest"
        options={options}
        defaultValue="daily"
        onValueChange={onValueChange}
      />,
    );
    const group = screen.getByRole('radiogroup', { name: 'Email digest' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Daily' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Weekly' }));
    expect(screen.getByRole('radio', { name: 'Weekly' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Daily' })).not.toBeChecked();
    expect(onValueChange).toHaveBeenLastCalledWith('weekly');
  });

  it('follows the value when controlled', async () => {
    function Controlled() {
      const [value, setValue] = useState('never');
      return (
        <>
          <RadioGroup label="Digest" name="d" options={options} value={value} onValueChange={setValue} />
          <output>{value}</output>
        </>
      );
    }
    const { user } = renderUi(<Controlled />);
    expect(screen.getByRole('radio', { name: 'Never' })).toBeChecked();
    await user.click(screen.getByLabelText('Daily'));
    expect(screen.getByRole('status')).toHaveTextContent('daily');
    expect(screen.getByRole('radio', { name: 'Daily' })).toBeChecked();
  });

  it('shows an error as an alert describing the group', () => {
    renderUi(<RadioGroup label="Role" name="role" options={options} error="Choose a role" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a role');
    expect(screen.getByRole('radiogroup', { name: 'Role' })).toHaveAccessibleDescription('Choose a role');
    expect(screen.getByRole('radiogroup')).toHaveAttribute('aria-invalid', 'true');
  });

  it('passes ref to every radio input, as form libraries expect', () => {
    const seen: HTMLInputElement[] = [];
    renderUi(
      <RadioGroup
        label="Role"
        name="role"
        options={options}
        ref={(node: HTMLInputElement | null) => {
          if (node) seen.push(node);
        }}
      />,
    );
    // StrictMode attaches refs twice on mount; what matters is that each of the three inputs is passed.
    const inputs = [...new Set(seen)];
    expect(inputs).toHaveLength(3);
    expect(inputs.every((n) => n.type === 'radio')).toBe(true);
  });
});

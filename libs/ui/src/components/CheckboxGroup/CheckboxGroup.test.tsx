import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { renderUi } from '../../testing/renderUi';
import { CheckboxGroup } from './CheckboxGroup';

type Language = 'yo' | 'ha' | 'ig';
const options = [
  { value: 'yo' as const, label: 'Yorùbá' },
  { value: 'ha' as const, label: 'Hausa' },
  { value: 'ig' as const, label: 'Igbo' },
];

function Languages({ error, initial = [] }: { error?: string; initial?: Language[] }) {
  const [chosen, setChosen] = useState<Language[]>(initial);
  return (
    <>
      <CheckboxGroup
        legend="Languages"
        hint="All when none is ticked"
        options={options}
        value={chosen}
        onChange={setChosen}
        error={error}
      />
      <output>{chosen.join(',')}</output>
    </>
  );
}

describe('CheckboxGroup', () => {
  it('is a named group of checkboxes that adds and removes values in the order they are ticked', async () => {
    const { user } = renderUi(<Languages initial={['ig']} />);
    const group = screen.getByRole('group', { name: 'Languages' });
    expect(group).toHaveAccessibleDescription('All when none is ticked');
    expect(within(group).getByRole('checkbox', { name: 'Igbo' })).toBeChecked();

    await user.click(within(group).getByRole('checkbox', { name: 'Hausa' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Yorùbá' }));
    expect(screen.getByRole('status')).toHaveTextContent('ig,ha,yo');
    await user.click(within(group).getByRole('checkbox', { name: 'Igbo' }));
    expect(screen.getByRole('status')).toHaveTextContent('ha,yo');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('announces its error, is described by it, and is marked as a group with an error', () => {
    renderUi(<Languages error="Choose at least one language." />);
    const group = screen.getByRole('group', { name: 'Languages' });
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at least one language.');
    expect(group).toHaveAccessibleDescription('All when none is ticked Choose at least one language.');
    expect(group).toHaveAttribute('data-group-error');
  });
});

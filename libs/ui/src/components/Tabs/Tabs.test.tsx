import { screen } from '@testing-library/react';
import { useState } from 'react';
import { renderUi } from '../../testing/renderUi';
import { Tabs } from './Tabs';

const items = [
  { id: 'profile', label: 'Profile', content: 'Profile panel' },
  { id: 'account', label: 'Account', content: 'Account panel' },
  { id: 'off', label: 'Disabled', content: 'Never', disabled: true },
  { id: 'notifications', label: 'Notifications', content: 'Notifications panel' },
];

describe('Tabs', () => {
  it('selects the first tab and shows its panel, labelled by the tab', () => {
    renderUi(<Tabs items={items} aria-label="Settings" />);
    expect(screen.getByRole('tablist', { name: 'Settings' })).toBeInTheDocument();
    const tab = screen.getByRole('tab', { name: 'Profile' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(tab).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Account' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Profile' })).toHaveTextContent('Profile panel');
    for (const tab of screen.getAllByRole('tab')) {
      expect(document.getElementById(tab.getAttribute('aria-controls') ?? '')).not.toBeNull();
    }
    expect(screen.queryByText('Account panel')).toBeNull();
  });

  it('arrow keys move and select (skipping disabled tabs, wrapping); Home and End jump', async () => {
    const { user } = renderUi(<Tabs items={items} />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Account' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Account panel');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Notifications' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveFocus();

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Notifications' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Notifications panel');
  });

  it('Tab from the selected tab goes into the panel, not the other tabs', async () => {
    const { user } = renderUi(<Tabs items={items} defaultValue="account" />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Account' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });

  it('controlled: reports changes and shows what the parent says', async () => {
    const onValueChange = jest.fn();
    function Parent() {
      const [value, setValue] = useState('account');
      return (
        <Tabs
          items={items}
          value={value}
          onValueChange={(id) => {
            onValueChange(id);
            if (id !== 'notifications') setValue(id);
          }}
        />
      );
    }
    const { user } = renderUi(<Parent />);
    expect(screen.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    // The parent refuses this one, so the selection stays.
    await user.click(screen.getByRole('tab', { name: 'Notifications' }));
    expect(onValueChange).toHaveBeenLastCalledWith('notifications');
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  });
});

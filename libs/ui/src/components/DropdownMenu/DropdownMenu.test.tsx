import { screen } from '@testing-library/react';
import { renderUi } from '../../testing/renderUi';
import { Dialog } from '../Dialog/Dialog';
import { DropdownMenu } from './DropdownMenu';

function setup() {
  const onEdit = jest.fn();
  const onLogout = jest.fn();
  const utils = renderUi(
    <>
      <DropdownMenu
        label="Profile"
        items={[
          { id: 'edit', label: 'Edit Profile', onSelect: onEdit },
          { id: 'settings', label: 'Account Settings', href: '/settings' },
          { id: 'help', label: 'Help & Support', disabled: true },
          { id: 'logout', label: 'Logout', onSelect: onLogout, danger: true },
        ]}
      />
      <p>Outside</p>
    </>,
  );
  return { ...utils, onEdit, onLogout, button: screen.getByRole('button', { name: 'Profile' }) };
}

describe('DropdownMenu', () => {
  it('is a menu button: click opens the menu on its first item', async () => {
    const { user, button } = setup();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Edit Profile' })).toHaveFocus();
    expect(screen.getByRole('menuitem', { name: 'Account Settings' })).toHaveAttribute('href', '/settings');
  });

  it('arrow keys move (skipping disabled items, wrapping); Home/End jump', async () => {
    const { user, button } = setup();
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Edit Profile' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Account Settings' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Edit Profile' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'Edit Profile' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
  });

  it('ArrowUp on the button opens on the last item; Escape closes and returns focus', async () => {
    const { user, button } = setup();
    button.focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('Enter on an item runs it, closes the menu and returns focus', async () => {
    const { user, button, onLogout } = setup();
    button.focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{End}{Enter}');
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('a disabled item does nothing; a click outside closes the menu', async () => {
    const { user, button, onEdit } = setup();
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Help & Support' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(onEdit).not.toHaveBeenCalled();
  });

  it('type-ahead focuses the next item starting with the typed letter', async () => {
    const { user, button } = setup();
    await user.click(button);
    await user.keyboard('l');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
  });

  it('Escape inside a menu in a Dialog closes only the menu', async () => {
    const onClose = jest.fn();
    const { user } = renderUi(
      <Dialog open onClose={onClose} title="Options">
        <DropdownMenu label="More" items={[{ id: 'a', label: 'Rename' }]} />
      </Dialog>,
    );
    await user.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'More' })).toHaveFocus();
  });
});

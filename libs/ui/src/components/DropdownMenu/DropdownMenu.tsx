import { useEffect, useId, useRef, useState } from 'react';
import type { ElementType, KeyboardEvent, ReactNode } from 'react';
import styled from 'styled-components';
import { focusRing, touchTarget } from '../../theme/mixins';

export interface DropdownMenuItem {
  id: string;
  label: ReactNode;
  /** Called when the item is chosen (click, Enter or Space). */
  onSelect?: () => void;
  /** Makes the item a link. */
  href?: string;
  icon?: ReactNode;
  disabled?: boolean;
  /** Destructive action styling (e.g. Logout). */
  danger?: boolean;
}

export interface DropdownMenuProps {
  /** Content of the menu button. */
  label: ReactNode;
  /** Accessible name of the button when `label` is only an icon. */
  'aria-label'?: string;
  items: readonly DropdownMenuItem[];
  /** Which edge of the button the menu lines up with. */
  align?: 'start' | 'end';
  /** Router link component for items with `href` (e.g. react-router's `Link`); it receives `to`. */
  linkAs?: ElementType;
  /** Styling of the trigger. */
  variant?: 'ghost' | 'outline';
  className?: string;
}

const Root = styled.div`
  position: relative;
  display: inline-block;
`;

const Trigger = styled.button<{ $variant: 'ghost' | 'outline' }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: ${({ theme }) => theme.controlHeights.md};
  padding: 0 ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme, $variant }) => ($variant === 'outline' ? theme.colors.border : 'transparent')};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $variant }) => ($variant === 'outline' ? theme.colors.surface : 'transparent')};
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  cursor: pointer;
  ${focusRing}
  ${touchTarget}
  &:hover,
  &[aria-expanded='true'] {
    background: ${({ theme }) => theme.colors.surfaceSunken};
  }
`;

const Menu = styled.div<{ $align: 'start' | 'end' }>`
  position: absolute;
  top: calc(100% + 4px);
  ${({ $align }) => ($align === 'end' ? 'right: 0;' : 'left: 0;')}
  z-index: ${({ theme }) => theme.zIndices.dropdown};
  min-width: 12rem;
  padding: ${({ theme }) => theme.space[1]};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.lg};
`;

const Item = styled.button<{ $danger: boolean }>`
  display: flex;
  width: 100%;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme, $danger }) => ($danger ? theme.colors.danger.main : theme.colors.text)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-align: left;
  text-decoration: none;
  cursor: pointer;
  &:hover,
  &:focus {
    background: ${({ theme }) => theme.colors.surfaceSunken};
    color: ${({ theme, $danger }) => ($danger ? theme.colors.danger.main : theme.colors.text)};
    outline: none;
  }
  &:focus-visible {
    outline: ${({ theme }) => `2px solid ${theme.focusRing.color}`};
    outline-offset: -2px;
  }
  &[aria-disabled='true'] {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

function itemsIn(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(
    menu?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? [],
  );
}

/**
 * The WAI-ARIA menu button: Enter, Space or ArrowDown open it on the first item (ArrowUp on the last);
 * arrows, Home and End move; Escape closes and returns focus to the button; Tab or a click outside close it.
 */
export function DropdownMenu({
  label,
  items,
  align = 'start',
  linkAs,
  variant = 'ghost',
  className,
  ...rest
}: DropdownMenuProps) {
  const baseId = useId();
  const menuId = `${baseId}-menu`;
  const buttonId = `${baseId}-button`;
  const [open, setOpen] = useState(false);
  // Which item to focus once the menu has rendered.
  const [pendingFocus, setPendingFocus] = useState<'first' | 'last' | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open || pendingFocus === null) return;
    const list = itemsIn(menuRef.current);
    (pendingFocus === 'first' ? list[0] : list[list.length - 1])?.focus();
  }, [open, pendingFocus]);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: MouseEvent | TouchEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
    };
  }, [open]);

  const openMenu = (focus: 'first' | 'last') => {
    setOpen(true);
    setPendingFocus(focus);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    setPendingFocus(null);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Enter and Space activate the button natively (onClick), which opens the menu on its first item.
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openMenu('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu('last');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = itemsIn(menuRef.current);
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index < 0 ? -1 : index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(-1);
        break;
      case 'Escape':
        // Stop here so a surrounding Dialog does not close too.
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
      default:
        // Type-ahead: jump to the next item starting with the typed character.
        if (event.key.length === 1 && /\S/.test(event.key)) {
          const ch = event.key.toLowerCase();
          const order = [...list.slice(index + 1), ...list.slice(0, index + 1)];
          order.find((el) => el.textContent?.trim().toLowerCase().startsWith(ch))?.focus();
        }
    }
  };

  const choose = (item: DropdownMenuItem) => {
    if (item.disabled) return;
    item.onSelect?.();
    close(true);
  };

  return (
    <Root ref={rootRef} className={className}>
      <Trigger
        ref={buttonRef}
        type="button"
        id={buttonId}
        $variant={variant}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={rest['aria-label']}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {label}
      </Trigger>
      {open ? (
        <Menu
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          $align={align}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item) => {
            const common = {
              role: 'menuitem',
              tabIndex: -1,
              $danger: Boolean(item.danger),
              'aria-disabled': item.disabled || undefined,
            } as const;
            if (item.href !== undefined && !item.disabled) {
              const linkProps = linkAs
                ? { as: linkAs, to: item.href }
                : { as: 'a' as const, href: item.href };
              return (
                <Item key={item.id} {...common} {...linkProps} onClick={() => choose(item)}>
                  {item.icon}
                  {item.label}
                </Item>
              );
            }
            return (
              <Item key={item.id} {...common} type="button" onClick={() => choose(item)}>
                {item.icon}
                {item.label}
              </Item>
            );
          })}
        </Menu>
      ) : null}
    </Root>
  );
}

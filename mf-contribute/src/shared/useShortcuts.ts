import { useEffect, useRef } from 'react';

export interface Shortcut {
  /** The key as KeyboardEvent.key reports it, lower case for letters ('r', 'y'). */
  key: string;
  /** What it does, shown on screen. */
  label: string;
  run: () => void;
  /** A shortcut whose button is disabled does nothing either. */
  disabled?: boolean;
}

const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/** True when a key press belongs to something else: typing, a chord, or an open dialog. */
export function isForeignKeyPress(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.repeat || event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target as HTMLElement | null;
  if (target && (TYPING.has(target.tagName) || target.isContentEditable)) return true;
  return document.querySelector('[aria-modal="true"]') !== null;
}

/** Single-key shortcuts for the page, active while it is mounted. */
export function useShortcuts(shortcuts: readonly Shortcut[]): void {
  const latest = useRef(shortcuts);
  useEffect(() => {
    latest.current = shortcuts;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isForeignKeyPress(event)) return;
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      const shortcut = latest.current.find((s) => s.key === key);
      if (!shortcut || shortcut.disabled) return;
      event.preventDefault();
      shortcut.run();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

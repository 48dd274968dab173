import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
// By package name, not by relative path: the context is the one piece of this library the page must hold
// once, and the federation shares it under this name (libs/federation/shared-config.js).
import { ToastContext } from '@platform/ui/toast-context';
import type { ToastApi, ToastOptions } from '@platform/ui/toast-context';
import { Toast } from './Toast';

export type { ToastApi, ToastOptions };

interface ActiveToast extends ToastOptions {
  id: number;
}

/** The platform's default: a toast disappears after 5 seconds (SPEC §9). */
export const TOAST_DURATION_MS = 5000;

const Viewport = styled.div`
  position: fixed;
  top: ${({ theme }) => theme.space[4]};
  right: ${({ theme }) => theme.space[4]};
  z-index: ${({ theme }) => theme.zIndices.toast};
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  pointer-events: none;
`;

export interface ToastProviderProps {
  children?: ReactNode;
  /** Auto-dismiss delay in milliseconds. */
  duration?: number;
}

/**
 * The one toast system of the page (the shell renders it once). At most one toast is visible: a new one
 * replaces the current one and restarts the timer. Hovering or focusing the toast pauses the timer.
 */
export function ToastProvider({ children, duration = TOAST_DURATION_MS }: ToastProviderProps) {
  const [current, setCurrent] = useState<ActiveToast | null>(null);
  const [paused, setPaused] = useState(false);
  const nextId = useRef(1);

  const show = useCallback((options: ToastOptions) => {
    const id = nextId.current++;
    setCurrent({ ...options, id });
    return id;
  }, []);

  const dismiss = useCallback((id?: number) => {
    setCurrent((active) => (active && (id === undefined || active.id === id) ? null : active));
  }, []);

  // Each new toast gets a full timer; pausing (hover/focus) stops it and resuming starts it afresh.
  useEffect(() => {
    if (!current || paused) return undefined;
    const timer = setTimeout(() => dismiss(current.id), duration);
    return () => clearTimeout(timer);
  }, [current, paused, duration, dismiss]);

  const api = useMemo<ToastApi>(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <Viewport
        data-testid="toast-viewport"
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
      >
        {current ? (
          <Toast
            key={current.id}
            title={current.title}
            description={current.description}
            variant={current.variant ?? 'info'}
            onDismiss={() => {
              setPaused(false);
              dismiss(current.id);
            }}
          />
        ) : null}
      </Viewport>
    </ToastContext.Provider>
  );
}

/** `const toast = useToast(); toast.show({ title, description, variant })`. Needs a ToastProvider above. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) {
    throw new Error(
      'useToast() must be used inside <ToastProvider> (the shell renders it once for the page).',
    );
  }
  return api;
}

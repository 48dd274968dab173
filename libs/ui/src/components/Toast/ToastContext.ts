import { createContext } from 'react';
import type { ReactNode } from 'react';
import type { ToastVariant } from './Toast';

export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
}

export interface ToastApi {
  /** Shows a toast, replacing the one on screen (at most one is visible). Returns its id. */
  show: (options: ToastOptions) => number;
  /** Dismisses the visible toast (only that one when an id is given). */
  dismiss: (id?: number) => void;
}

/**
 * The page's toast system: ToastProvider (rendered once by the shell) fills it and useToast() reads it, in
 * the shell and in every remote. It is the only state in @platform/ui, so it is the only part of the
 * library on the federation shared list (as `@platform/ui/toast-context`); the components are plain code
 * that each build tree-shakes to what it uses.
 */
export const ToastContext = createContext<ToastApi | null>(null);

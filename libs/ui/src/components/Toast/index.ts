export { Toast } from './Toast';
export type { ToastProps, ToastVariant } from './Toast';
export { ToastProvider, useToast, TOAST_DURATION_MS } from './ToastProvider';
export type { ToastApi, ToastOptions, ToastProviderProps } from './ToastProvider';

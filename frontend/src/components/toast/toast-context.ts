import { createContext, useContext } from 'react';

export interface Toast {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  /** Milliseconds; default 5000 (SPEC §9). */
  duration?: number;
}

export const ToastContext = createContext<(toast: Toast) => void>(() => {});

/** Shows a toast; at most one is on screen, a new one replaces it. */
export function useToast(): (toast: Toast) => void {
  return useContext(ToastContext);
}

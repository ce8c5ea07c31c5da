import { useCallback, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import { ToastContext, type Toast } from './toast-context';

const DEFAULT_DURATION = 5000;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<(Toast & { key: number }) | null>(null);
  const show = useCallback((t: Toast) => setToast({ ...t, key: Date.now() }), []);
  const close = () => setToast(null);
  const severity = toast?.variant === 'destructive' ? 'error' : toast?.variant === 'success' ? 'success' : 'info';
  return (
    <ToastContext.Provider value={show}>
      {children}
      <Snackbar
        key={toast?.key}
        open={toast !== null}
        autoHideDuration={toast?.duration ?? DEFAULT_DURATION}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      >
        <Alert onClose={close} severity={severity} variant="filled" sx={{ maxWidth: 420, width: '100%' }}>
          <AlertTitle>{toast?.title}</AlertTitle>
          {toast?.description}
        </Alert>
      </Snackbar>
    </ToastContext.Provider>
  );
}

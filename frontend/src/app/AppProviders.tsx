import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { ToastProvider } from '../components/toast/ToastProvider';
import { theme } from '../theme/theme';
import type { AppStore } from './store';

const highlight = {
  '[data-highlighted="true"]': { outline: '3px solid #1565c0', outlineOffset: 4, transition: 'outline-color 0.3s' },
  html: { scrollBehavior: 'smooth' },
};

/** Store, theme and toasts: everything a page needs around it (the tests render with it too). */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <GlobalStyles styles={highlight} />
        <ToastProvider>{children}</ToastProvider>
      </ThemeProvider>
    </Provider>
  );
}

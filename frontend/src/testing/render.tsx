import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { App } from '../app/App';
import { AppProviders } from '../app/AppProviders';
import { makeStore } from '../app/store';

/** Renders the whole app at `path` with a fresh store, as a browser would load it. */
export function renderApp(path = '/') {
  window.history.replaceState({}, '', path);
  const store = makeStore();
  const utils = render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[path]}>
        <App />
      </MemoryRouter>
    </AppProviders>,
  );
  return { store, ...utils };
}

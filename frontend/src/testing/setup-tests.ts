import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { resetLoginRedirect } from '../api/base-api';
import { server } from './server';

// The first test of a file pays for loading the lazily split pages; on a busy two-core CI machine
// that took more than the default 1 s wait (a flaky failure seen in a fresh clone).
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  localStorage.clear();
  server.resetHandlers();
  resetLoginRedirect();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
afterAll(() => server.close());

// jsdom lacks these.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

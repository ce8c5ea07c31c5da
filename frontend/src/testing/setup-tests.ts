import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { resetLoginRedirect } from '../api/base-api';
import { server } from './server';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetLoginRedirect();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
afterAll(() => server.close());

// jsdom lacks these.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { makeStore } from '../../app/store';
import { api, server } from '../../testing/server';
import { PREFS_SAVED_EVENT, REPROCESS_DONE_KEY } from '../../shared/preferences/storage';
import type { Recommendation } from './reports-api';
import { useProReprocess } from './use-pro-reprocess';

const plain: Recommendation = {
  id: 'rec-1',
  title: 'Eat iron-rich foods every day',
  description: 'Dals and greens.',
  type: 'diet',
  duration: '3 months',
  icon: 'utensils',
  testName: 'Haemoglobin',
};

function wrapper({ children }: { children: ReactNode }) {
  return <AppProviders store={makeStore()}>{children}</AppProviders>;
}

function recordReprocess(status = 202) {
  const bodies: unknown[] = [];
  server.use(
    http.post(api('/reports/reprocess'), async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ status: 'queued' }, { status });
    }),
  );
  return bodies;
}

describe('Pro reprocessing (SPEC §4)', () => {
  beforeEach(() => localStorage.clear());

  it('runs once after the upgrade with the stored diet and cuisines, then not again', async () => {
    localStorage.setItem('dietPreference', 'veg');
    localStorage.setItem('proUserPrefs', JSON.stringify({ dietType: 'veg', cuisines: ['Japanese'] }));
    const bodies = recordReprocess();
    const first = renderHook(() => useProReprocess(true, []), { wrapper });
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ dietPreference: 'veg', cuisines: ['Japanese'] });
    expect(localStorage.getItem(REPROCESS_DONE_KEY)).toBe('1');
    first.unmount();
    renderHook(() => useProReprocess(true, []), { wrapper });
    await new Promise((r) => setTimeout(r, 100));
    expect(bodies).toHaveLength(1);
  });

  it('never runs for Free users', async () => {
    const bodies = recordReprocess();
    renderHook(() => useProReprocess(false, [plain]), { wrapper });
    window.dispatchEvent(new Event(PREFS_SAVED_EVENT));
    await new Promise((r) => setTimeout(r, 100));
    expect(bodies).toHaveLength(0);
  });

  it('asks again when the shown recommendations lack journeys, and clears the guard if that fails', async () => {
    localStorage.setItem(REPROCESS_DONE_KEY, '1');
    const bodies = recordReprocess(500);
    renderHook(() => useProReprocess(true, [plain]), { wrapper });
    await waitFor(() => expect(bodies).toHaveLength(1));
    await waitFor(() => expect(localStorage.getItem(REPROCESS_DONE_KEY)).toBeNull());
  });

  it('does not ask when the recommendations already carry journeys', async () => {
    localStorage.setItem(REPROCESS_DONE_KEY, '1');
    const bodies = recordReprocess();
    const withJourney = { ...plain, proJourney: { severity: 'mild' } } as unknown as Recommendation;
    renderHook(() => useProReprocess(true, [withJourney]), { wrapper });
    await new Promise((r) => setTimeout(r, 100));
    expect(bodies).toHaveLength(0);
  });

  it('runs again when the preferences are saved', async () => {
    localStorage.setItem(REPROCESS_DONE_KEY, '1');
    const bodies = recordReprocess();
    renderHook(() => useProReprocess(true, []), { wrapper });
    act(() => {
      window.dispatchEvent(new Event(PREFS_SAVED_EVENT));
    });
    await waitFor(() => expect(bodies).toHaveLength(1));
  });
});

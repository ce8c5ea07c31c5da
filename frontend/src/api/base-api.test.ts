import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../app/store';
import { navigation } from '../shared/navigation';
import { api, server } from '../testing/server';
import { baseApi, errorMessage } from './base-api';

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, string>({ query: (p) => p }),
  }),
});

async function callProbe(path: string) {
  const store = makeStore();
  return store.dispatch(probeApi.endpoints.probe.initiate(path));
}

describe('errorMessage', () => {
  it('prefers the JSON message, then the body text, then the status text', () => {
    expect(errorMessage({ message: 'Upload limit reached' }, 'Forbidden')).toBe('Upload limit reached');
    expect(errorMessage('plain failure', 'Bad Gateway')).toBe('plain failure');
    expect(errorMessage('', 'Bad Gateway')).toBe('Bad Gateway');
    expect(errorMessage({ other: 1 }, 'Teapot')).toBe('Teapot');
  });
});

describe('baseQuery', () => {
  it('sends credentials and reads the JSON message of a failure with its status', async () => {
    let credentials: RequestCredentials | undefined;
    server.use(
      http.get(api('/thing'), ({ request }) => {
        credentials = request.credentials;
        return HttpResponse.json({ message: 'Nope', code: 'BAD_REQUEST' }, { status: 400 });
      }),
    );
    const result = await callProbe('thing');
    expect(credentials).toBe('include');
    expect(result.error).toEqual({ status: 400, message: 'Nope' });
  });

  it('uses the raw body text when the body is not JSON', async () => {
    server.use(http.get(api('/text'), () => new HttpResponse('Service down', { status: 503, headers: { 'Content-Type': 'text/plain' } })));
    expect((await callProbe('text')).error).toEqual({ status: 503, message: 'Service down' });
  });

  it('redirects to sign-in once on 401, with the current path as returnTo', async () => {
    window.history.replaceState({}, '', '/dashboard?payment=success');
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    server.use(http.get(api('/private'), () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })));
    const first = await callProbe('private');
    await callProbe('private?again=1');
    expect(first.error).toMatchObject({ status: 401 });
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/api/login?returnTo=%2Fdashboard%3Fpayment%3Dsuccess');
  });

  it('does not retry a failed call', async () => {
    let calls = 0;
    server.use(
      http.get(api('/flaky'), () => {
        calls += 1;
        return HttpResponse.json({ message: 'boom' }, { status: 500 });
      }),
    );
    await callProbe('flaky');
    expect(calls).toBe(1);
  });
});

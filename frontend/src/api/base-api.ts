import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { loginUrl, navigation } from '../shared/navigation';

/** Every failed call carries the HTTP status and the message to show (SPEC §8). */
export interface ApiError {
  status: number;
  message: string;
}

/** Per-endpoint options: `allow401` answers `null` instead of redirecting to sign-in. */
export interface ApiExtraOptions {
  allow401?: boolean;
}

const rawBaseQuery = fetchBaseQuery({
  // jsdom cannot resolve a relative base URL (BUILD-NOTES), so make it absolute.
  baseUrl: new URL('/api', window.location.origin).href,
  credentials: 'include',
  responseHandler: 'content-type',
});

/** The body's `message` if it is JSON, else the raw body text, else the status text. */
export function errorMessage(data: unknown, statusText: string | undefined): string {
  if (data && typeof data === 'object' && 'message' in data && typeof (data as { message: unknown }).message === 'string') {
    return (data as { message: string }).message;
  }
  if (typeof data === 'string' && data.trim() !== '') return data;
  return statusText || 'Request failed';
}

let redirectingToLogin = false;

/** Test hook: forget that a sign-in redirect already happened. */
export function resetLoginRedirect(): void {
  redirectingToLogin = false;
}

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError, ApiExtraOptions> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, {});
  if (!result.error) return { data: result.data, meta: result.meta };
  const error = result.error as FetchBaseQueryError;
  const status = typeof error.status === 'number' ? error.status : 0;
  if (status === 401) {
    if (extra?.allow401) return { data: null };
    if (!redirectingToLogin) {
      redirectingToLogin = true;
      navigation.assign(loginUrl());
    }
  }
  const data = 'data' in error ? error.data : undefined;
  const statusText = result.meta?.response?.statusText || ('error' in error ? String(error.error) : undefined);
  return { error: { status, message: errorMessage(data, statusText) } };
};

/** The one API slice; features add endpoints with `injectEndpoints`. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['User', 'Dashboard', 'Details'],
  // SPEC §7: no refetch on focus, data never stale, no retries.
  refetchOnFocus: false,
  refetchOnReconnect: false,
  keepUnusedDataFor: 3600,
  endpoints: () => ({}),
});

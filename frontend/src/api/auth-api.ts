import { baseApi } from './base-api';

/** The signed-in user (SPEC §3). */
export interface User {
  id: string;
  email: string;
  firstName: string | null;
  profileImageUrl: string | null;
  isPro: boolean;
  uploadsUsed: number;
}

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // A visitor is not an error: 401 answers null here instead of redirecting.
    getUser: build.query<User | null, void>({
      query: () => 'auth/user',
      extraOptions: { allow401: true },
      providesTags: ['User'],
    }),
  }),
});

export const { useGetUserQuery } = authApi;

/** The current user, or null for a visitor; `isLoading` until the first answer. */
export function useAuth() {
  const { data, isLoading } = useGetUserQuery();
  return { user: data ?? null, isLoading, isAuthenticated: Boolean(data) };
}

import { baseApi } from './base-api';

/** `GET /api/public-config` (SPEC §3). */
export interface PublicConfig {
  adsenseSidebarSlot: string | null;
  adsenseClientId: string | null;
}

export const publicConfigApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPublicConfig: build.query<PublicConfig, void>({ query: () => 'public-config' }),
  }),
});

export const { useGetPublicConfigQuery } = publicConfigApi;

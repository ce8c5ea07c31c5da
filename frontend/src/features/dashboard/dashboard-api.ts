import { baseApi } from '../../api/base-api';

export type ReportStatus = 'processing' | 'completed' | 'failed';

/** One uploaded report (SPEC §3). */
export interface Report {
  id: string;
  fileName: string;
  uploadedAt: string;
  status: ReportStatus;
  extractedText: string | null;
}

/** `GET /api/dashboard`. */
export interface DashboardData {
  stats: { reportsCount: number; abnormalCount: number; followUpCount: number };
  reports: Report[];
}

export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<DashboardData, void>({
      query: () => 'dashboard',
      providesTags: [{ type: 'Dashboard', id: 'LIST' }],
    }),
  }),
});

export const { useGetDashboardQuery } = dashboardApi;

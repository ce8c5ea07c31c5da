import { baseApi } from '../../api/base-api';
import type { ReportStatus } from './dashboard-api';

export type Severity = 'mild' | 'moderate' | 'severe';

/** SPEC §3 Abnormal result (plus the severity and the catalog key the bar uses). */
export interface AbnormalResult {
  id: string;
  testName: string;
  canonical: string | null;
  value: string;
  unit: string | null;
  referenceRangeMin: number | null;
  referenceRangeMax: number | null;
  abnormalType: 'high' | 'low' | 'positive';
  severity: Severity | null;
  testDate: string;
}

export type RecommendationType = 'supplement' | 'lifestyle' | 'diet' | 'exercise' | 'consult';

/** SPEC §3 Recommendation. */
export interface Recommendation {
  id: string;
  title: string;
  description: string;
  type: RecommendationType;
  duration: string;
  icon: string;
  testName: string;
  proJourney?: ProJourney;
}

/** SPEC §3 proJourney. */
export interface ProJourney {
  severity: 'mild' | 'moderate' | 'severe';
  currentSituation: string;
  symptoms?: string;
  bodyImpact: string;
  shortTermRisks: string;
  longTermRisks: string;
  recoveryTimeline: string;
  monitoring: string;
  shortTermPlan: string[] | string;
  longTermPlan: string[] | string;
  milestones: string[];
  actionSteps: ActionStep[];
  dietPlan?: DietPlan;
}

export interface ActionStep {
  step: string;
  timing: string;
  duration: string;
  calendarEntry?: { title: string; details: string };
}

export interface DietPlan {
  summary: string;
  caloriesPerDay: number;
  macros: { protein: number; carbs: number; fat: number };
  recoveryDuration: string;
  dailyPlan: { day: string; meals: { meal: string; name?: string; items: { name: string; quantity: number; unit: string; notes?: string }[] }[] }[];
  weeklyGroceries: { item: string; quantity: number; unit: string }[];
  recipes: { title: string; url: string }[];
}

/** SPEC §3 Follow-up. */
export interface FollowUp {
  id: string;
  testName: string;
  dueDate: string;
  status: string;
}

/** `GET /api/reports/{id}/details`. */
export interface ReportDetails {
  status: ReportStatus;
  abnormalResults: AbnormalResult[];
  recommendations: Recommendation[];
  followUps: FollowUp[];
  upgradeSuggestion?: { signalCount: number };
}

/** `GET /api/reports/{id}/doctors`. */
export interface DoctorsResponse {
  doctors: { name: string; specialty: string; address: string; phone: string; location: string }[];
  specialties: string[];
  reasoning: string;
}

/** SPEC §7: the report, and where to look (all optional). */
export interface DoctorsQuery {
  id: string;
  latitude?: number;
  longitude?: number;
  city?: string;
  state?: string;
}

export type Region = 'IN' | 'US' | 'OTHER';

/** `GET /api/compliance/notice`. */
export interface Notice {
  region: Region;
  version: string;
  title: string;
  law: string;
  sections: { heading: string; body: string }[];
}

/** SPEC §3 Consent payload. */
export interface ConsentPayload {
  consentType: 'explicit';
  purposes: string[];
  dataCategories: string[];
  retentionPeriod: '5_years';
  acceptTerms: boolean;
  region: Region;
}

const CONSENT_PATH: Record<Region, string> = {
  IN: 'compliance/india/consent',
  US: 'compliance/usa/consent',
  OTHER: 'compliance/consent',
};

export const reportsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getReportDetails: build.query<ReportDetails, string>({
      query: (id) => `reports/${encodeURIComponent(id)}/details`,
      providesTags: (_r, _e, id) => [{ type: 'Details', id }],
    }),
    getReportStatus: build.query<{ status: ReportStatus }, string>({
      query: (id) => `reports/${encodeURIComponent(id)}/status`,
      keepUnusedDataFor: 0,
    }),
    getDoctors: build.query<DoctorsResponse, DoctorsQuery>({
      query: ({ id, ...where }) => {
        const params = new URLSearchParams();
        for (const [k, v] of Object.entries(where)) if (v !== undefined && v !== '') params.set(k, String(v));
        const q = params.toString();
        return `reports/${encodeURIComponent(id)}/doctors${q ? `?${q}` : ''}`;
      },
    }),
    uploadReport: build.mutation<{ reportId?: string; id?: string }, { file: File; dietPreference: string; cuisines?: string[] }>({
      query: ({ file, dietPreference, cuisines }) => {
        const body = new FormData();
        body.append('healthReport', file, file.name);
        body.append('dietPreference', dietPreference);
        if (cuisines && cuisines.length > 0) body.append('cuisines', cuisines.join(','));
        return { url: 'upload', method: 'POST', body };
      },
      invalidatesTags: [{ type: 'Dashboard', id: 'LIST' }, 'User'],
    }),
    getComplianceInfo: build.query<{ detectedRegion: Region }, void>({
      query: () => 'compliance/info',
    }),
    getNotice: build.query<Notice, Region>({
      query: (region) => `compliance/notice?region=${region}`,
    }),
    reprocess: build.mutation<unknown, { dietPreference: string; cuisines: string[] }>({
      query: (body) => ({ url: 'reports/reprocess?async=1', method: 'POST', body }),
    }),
    scheduleReminder: build.mutation<unknown, { type: 'supplement'; title: string; scheduledFor: string }>({
      query: (body) => ({ url: 'reminders/schedule', method: 'POST', body }),
    }),
    grantConsent: build.mutation<unknown, ConsentPayload>({
      query: (payload) => ({ url: CONSENT_PATH[payload.region], method: 'POST', body: payload }),
    }),
  }),
});

export const {
  useGetReportDetailsQuery,
  useGetReportStatusQuery,
  useGetDoctorsQuery,
  useUploadReportMutation,
  useGetComplianceInfoQuery,
  useGetNoticeQuery,
  useGrantConsentMutation,
  useScheduleReminderMutation,
  useReprocessMutation,
} = reportsApi;

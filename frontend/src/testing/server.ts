import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { User } from '../api/auth-api';
import { setupServer } from 'msw/node';

export const api = (path: string) => new URL(`/api${path}`, window.location.origin).href;

export const testUser: User = {
  id: '6f1c2d1e-8a4b-4c1d-9e2f-0a1b2c3d4e5f',
  email: 'asha@example.in',
  firstName: 'Asha',
  profileImageUrl: null,
  isPro: false,
  uploadsUsed: 0,
};

export const emptyDashboard = { stats: { reportsCount: 0, abnormalCount: 0, followUpCount: 0 }, reports: [] };

/** Visitors by default; tests opt in to a signed-in user. */
export const server = setupServer(
  http.get(api('/auth/user'), () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })),
  http.get(api('/public-config'), () => HttpResponse.json({ adsenseSidebarSlot: null, adsenseClientId: null })),
  // A Pro dashboard queues its one-time reprocess (SPEC §4).
  http.post(api('/reports/reprocess'), () => HttpResponse.json({ status: 'queued' }, { status: 202 })),
);

export function signedIn(user: Partial<User> = {}, dashboard: JsonBodyType = emptyDashboard) {
  server.use(
    http.get(api('/auth/user'), () => HttpResponse.json({ ...testUser, ...user })),
    http.get(api('/dashboard'), () => HttpResponse.json(dashboard)),
  );
}

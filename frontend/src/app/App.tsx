import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useAuth } from '../api/auth-api';
import { RedirectToSignIn } from './RedirectToSignIn';

const LandingPage = lazy(() => import('../features/landing/LandingPage'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const NotFoundPage = lazy(() => import('../features/not-found/NotFoundPage'));

function Loading() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }} role="progressbar" aria-label="Loading">
      <CircularProgress />
    </Box>
  );
}

/** Visitors get the landing page at `/` (also while loading); signed-in users the app (SPEC §2). */
export function App() {
  const { user, isLoading } = useAuth();
  return (
    <Suspense fallback={<Loading />}>
      {isLoading || !user ? (
        <Routes>
          <Route path="/" element={<LandingPage />} />
          {!isLoading && <Route path="/dashboard" element={<RedirectToSignIn />} />}
          {!isLoading && <Route path="/prescriptions" element={<RedirectToSignIn />} />}
          {!isLoading && <Route path="/payment-test" element={<RedirectToSignIn />} />}
          <Route path="*" element={isLoading ? <Loading /> : <NotFoundPage />} />
        </Routes>
      ) : (
        <Routes>
          <Route path="/" element={<Navigate to="/dashboard" replace />} />
          <Route path="/dashboard" element={<DashboardPage user={user} />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      )}
    </Suspense>
  );
}

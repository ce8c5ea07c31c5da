import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { SignedInLayout } from '../../components/SignedInLayout';
import { usePageMeta } from '../../shared/use-page-meta';
import type { User } from '../../api/auth-api';
import { useGetDashboardQuery } from './dashboard-api';
import { RecentReports } from './RecentReports';
import { StatTiles } from './StatTiles';
import { WelcomeBanner } from './WelcomeBanner';

/** The signed-in dashboard (SPEC §2). */
export default function DashboardPage({ user }: { user: User }) {
  usePageMeta({ title: 'Dashboard — Health Tracker Pro', canonicalPath: '/dashboard', robots: 'noindex' });
  const { data, error } = useGetDashboardQuery();
  return (
    <SignedInLayout user={user}>
      <Box id="overview" component="section" sx={{ scrollMarginTop: 80 }}>
        <WelcomeBanner firstName={user.firstName} />
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error.message}
          </Alert>
        )}
        <StatTiles stats={data?.stats} />
      </Box>
      <RecentReports reports={data?.reports ?? []} />
    </SignedInLayout>
  );
}

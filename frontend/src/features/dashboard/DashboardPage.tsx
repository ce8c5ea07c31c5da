import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { AdFrame } from '../../components/AdFrame';
import { SignedInLayout } from '../../components/SignedInLayout';
import { usePageMeta } from '../../shared/use-page-meta';
import type { User } from '../../api/auth-api';
import { AbnormalValues } from './AbnormalValues';
import { FollowUpTracker, Recommendations } from './AdviceCards';
import { DoctorsPanel } from './DoctorsPanel';
import { useGetReportDetailsQuery, useGetReportStatusQuery } from './reports-api';
import { PreferencesWizard } from './PreferencesWizard';
import { prefsCompleted } from '../../shared/preferences/storage';
import { UploadZone } from './UploadZone';
import { useGetDashboardQuery } from './dashboard-api';
import { RecentReports } from './RecentReports';
import { StatTiles } from './StatTiles';
import { useProReprocess } from './use-pro-reprocess';
import { useReportLifecycle } from './use-report-lifecycle';
import { UpgradeCard, UpgradeDialog, UploadLimitCard, usePaymentToast } from './Upgrade';
import { WelcomeBanner } from './WelcomeBanner';

/** The signed-in dashboard (SPEC §2). */
export default function DashboardPage({ user }: { user: User }) {
  usePageMeta({ title: 'Dashboard — Health Tracker Pro', canonicalPath: '/dashboard', robots: 'noindex' });
  usePaymentToast();
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const openUpgrade = () => setUpgradeOpen(true);
  const [prefsOpen, setPrefsOpen] = useState(false);
  // SPEC §4: a Pro user who has not completed the wizard gets it opened (once per visit).
  const [prefsOffered, setPrefsOffered] = useState(false);
  if (user.isPro && !prefsOffered) {
    setPrefsOffered(true);
    if (!prefsCompleted()) setPrefsOpen(true);
  }
  const limitReached = !user.isPro && user.uploadsUsed >= 10;
  const dashboardQuery = useGetDashboardQuery();
  const reports = dashboardQuery.data?.reports;
  const life = useReportLifecycle(reports);
  const { data, error, refetch } = useGetDashboardQuery(undefined, { pollingInterval: life.dashboardInterval });

  const status = useGetReportStatusQuery(life.awaitingId ?? '', {
    skip: !life.awaitingId,
    pollingInterval: life.statusInterval,
  });
  const statusValue = status.data?.status;
  const { statusSeen } = life;
  useEffect(() => {
    if (statusValue && statusValue !== 'processing') {
      void refetch();
      statusSeen(statusValue);
    }
  }, [statusValue, statusSeen, refetch]);

  const selected = reports?.find((r) => r.id === life.selectedId);
  const ready = selected?.status === 'completed';
  const details = useGetReportDetailsQuery(life.selectedId ?? '', { skip: !life.selectedId || !ready });
  const hasCompleted = reports?.some((r) => r.status === 'completed') ?? false;
  useProReprocess(user.isPro, details.data?.recommendations);

  return (
    <SignedInLayout user={user} onUpgrade={openUpgrade} onPreferences={user.isPro ? () => setPrefsOpen(true) : undefined}>
      <UpgradeDialog open={upgradeOpen} onClose={() => setUpgradeOpen(false)} />
      {user.isPro && <PreferencesWizard open={prefsOpen} onClose={() => setPrefsOpen(false)} />}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: user.isPro ? 12 : 9 }}>
          <Box id="overview" component="section" sx={{ scrollMarginTop: 80 }}>
            <WelcomeBanner firstName={user.firstName} />
            {error && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {error.message}
              </Alert>
            )}
            <StatTiles stats={data?.stats} />
          </Box>
          {limitReached ? (
            <UploadLimitCard onUpgrade={openUpgrade} />
          ) : (
            <UploadZone onUploaded={life.uploaded} disabled={limitReached} />
          )}
          <Stack spacing={3}>
            <RecentReports reports={data?.reports ?? []} selectedId={life.selectedId} onSelect={life.select} />
            <Grid container spacing={3}>
              <Grid size={{ xs: 12, md: 6 }}>
                <AbnormalValues results={details.data?.abnormalResults ?? []} loading={details.isFetching} />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <FollowUpTracker items={details.data?.followUps ?? []} />
              </Grid>
            </Grid>
            <Recommendations items={details.data?.recommendations ?? []} />
            {hasCompleted && <DoctorsPanel reportId={ready ? (life.selectedId ?? null) : null} />}
          </Stack>
        </Grid>
        {!user.isPro && (
          <Grid size={{ xs: 12, lg: 3 }} component="aside" aria-label="Sidebar">
            <Stack spacing={3} sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }}>
              <UpgradeCard onUpgrade={openUpgrade} />
              <Box sx={{ display: { xs: 'none', lg: 'block' } }}>
                <AdFrame />
              </Box>
            </Stack>
          </Grid>
        )}
      </Grid>
    </SignedInLayout>
  );
}

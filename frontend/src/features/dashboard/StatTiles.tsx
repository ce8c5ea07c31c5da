import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import DescriptionIcon from '@mui/icons-material/Description';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import MedicationIcon from '@mui/icons-material/Medication';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import type { SvgIconComponent } from '@mui/icons-material';
import type { DashboardData } from './dashboard-api';

function Tile({ icon: Icon, label, value, color, children }: { icon: SvgIconComponent; label: string; value?: number; color: string; children?: React.ReactNode }) {
  return (
    <Card>
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Box sx={{ bgcolor: `${color}1a`, color, borderRadius: 2, p: 1.25, display: 'flex' }}>
          <Icon />
        </Box>
        <Box>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          {children ?? (
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} aria-label={label}>
              {value ?? <Skeleton width={32} />}
            </Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

/** The four tiles: Reports Uploaded, Abnormal Values, Follow-ups and Prescriptions (SPEC §2). */
export function StatTiles({ stats }: { stats?: DashboardData['stats'] }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, mb: 3 }}>
      <Tile icon={DescriptionIcon} label="Reports Uploaded" value={stats?.reportsCount} color="#1565c0" />
      <Tile icon={WarningAmberIcon} label="Abnormal Values" value={stats?.abnormalCount} color="#ef6c00" />
      <Tile icon={EventRepeatIcon} label="Follow-ups" value={stats?.followUpCount} color="#00897b" />
      <Tile icon={MedicationIcon} label="Prescriptions" color="#6a1b9a">
        <Button component={RouterLink} to="/prescriptions" size="small" sx={{ px: 0, minWidth: 0 }}>
          Manage
        </Button>
      </Tile>
    </Box>
  );
}

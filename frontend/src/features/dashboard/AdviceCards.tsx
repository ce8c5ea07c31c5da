import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DirectionsRunIcon from '@mui/icons-material/DirectionsRun';
import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import MedicationIcon from '@mui/icons-material/Medication';
import RestaurantIcon from '@mui/icons-material/Restaurant';
import SelfImprovementIcon from '@mui/icons-material/SelfImprovement';
import type { SvgIconComponent } from '@mui/icons-material';
import type { FollowUp, ProJourney, Recommendation, RecommendationType } from './reports-api';
import { JourneyCard } from './JourneyCard';

const ICONS: Record<RecommendationType, SvgIconComponent> = {
  supplement: MedicationIcon,
  lifestyle: SelfImprovementIcon,
  diet: RestaurantIcon,
  exercise: DirectionsRunIcon,
  consult: LocalHospitalIcon,
};

/** A plain recommendation card: icon by type, duration badge (SPEC §2). */
function RecommendationCard({ rec }: { rec: Recommendation }) {
  const Icon = ICONS[rec.type] ?? SelfImprovementIcon;
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }} data-testid="recommendation">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ color: 'primary.main', pt: 0.25 }}>
          <Icon aria-label={rec.type} />
        </Box>
        <Box sx={{ flex: 1 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }}>{rec.title}</Typography>
            <Chip size="small" variant="outlined" label={rec.duration} />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {rec.description}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            For: {rec.testName}
          </Typography>
        </Box>
      </Stack>
    </Box>
  );
}

/** "Health Recommendations" (SPEC §2). */
export function Recommendations({ items }: { items: Recommendation[] }) {
  return (
    <Card component="section" id="recommendations" sx={{ scrollMarginTop: 80 }}>
      <CardHeader title="Health Recommendations" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        {items.length === 0 ? (
          <Typography color="text.secondary">No recommendations yet. They appear once a report with abnormal values is analysed.</Typography>
        ) : (
          <Stack spacing={1.5}>
            {items.map((r) =>
              r.proJourney ? (
                <JourneyCard key={r.id} rec={r as Recommendation & { proJourney: ProJourney }} />
              ) : (
                <RecommendationCard key={r.id} rec={r} />
              ),
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

/** "Follow-up Tracker" (SPEC §2). */
export function FollowUpTracker({ items }: { items: FollowUp[] }) {
  return (
    <Card component="section" id="followups" sx={{ scrollMarginTop: 80, height: '100%' }}>
      <CardHeader title="Follow-up Tracker" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent tabIndex={0} role="region" aria-label="Follow-up list" sx={{ pt: 0, maxHeight: 480, overflowY: 'auto' }}>
        {items.length === 0 ? (
          <Typography color="text.secondary">No follow-up tests scheduled.</Typography>
        ) : (
          <List disablePadding>
            {items.map((f) => (
              <ListItem key={f.id} divider secondaryAction={<Chip size="small" label={f.status} />}>
                <ListItemText primary={f.testName} secondary={`Due ${new Date(`${f.dueDate}T00:00:00`).toLocaleDateString()}`} />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { Report, ReportStatus } from './dashboard-api';

const STATUS_COLOR: Record<ReportStatus, 'info' | 'success' | 'error'> = {
  processing: 'info',
  completed: 'success',
  failed: 'error',
};

/** Recent Reports: newest first, with status and, for failed ones, the reason. */
export function RecentReports({ reports }: { reports: Report[] }) {
  return (
    <Card component="section" id="reports" sx={{ scrollMarginTop: 80 }}>
      <CardHeader title="Recent Reports" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        {reports.length === 0 ? (
          <Typography color="text.secondary">No reports yet. Upload your first lab report to see its analysis here.</Typography>
        ) : (
          <List disablePadding>
            {reports.map((r) => (
              <ListItem key={r.id} divider secondaryAction={<Chip size="small" label={r.status} color={STATUS_COLOR[r.status]} />}>
                <ListItemText
                  primary={r.fileName}
                  secondary={r.status === 'failed' && r.extractedText ? r.extractedText : new Date(r.uploadedAt).toLocaleString()}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Report, ReportStatus } from './dashboard-api';

const STATUS_COLOR: Record<ReportStatus, 'info' | 'success' | 'error'> = {
  processing: 'info',
  completed: 'success',
  failed: 'error',
};

export interface RecentReportsProps {
  reports: Report[];
  selectedId?: string | null;
  onSelect?: (id: string) => void;
}

/** Recent Reports: newest first, with status, upload time, the failure reason and a link to the file. */
export function RecentReports({ reports, selectedId, onSelect }: RecentReportsProps) {
  return (
    <Card component="section" id="reports" sx={{ scrollMarginTop: 80 }}>
      <CardHeader title="Recent Reports" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent tabIndex={0} role="region" aria-label="Reports list" sx={{ pt: 0, maxHeight: 420, overflowY: 'auto' }}>
        {reports.length === 0 ? (
          <Typography color="text.secondary">No reports yet. Upload your first lab report to see its analysis here.</Typography>
        ) : (
          <List disablePadding>
            {reports.map((r) => (
              <ListItem key={r.id} divider disablePadding>
                <ListItemButton selected={r.id === selectedId} onClick={() => onSelect?.(r.id)} aria-label={`Select ${r.fileName}`}>
                  <ListItemText
                    primary={r.fileName}
                    secondary={r.status === 'failed' && r.extractedText ? r.extractedText : new Date(r.uploadedAt).toLocaleString()}
                  />
                </ListItemButton>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 1 }}>
                  <Link href={`/api/reports/${r.id}/view`} target="_blank" rel="noopener noreferrer" variant="body2">
                    View
                  </Link>
                  <Chip size="small" label={r.status} color={STATUS_COLOR[r.status]} />
                </Stack>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { AbnormalResult, Severity } from './reports-api';
import { BAND_COLORS, severityBar } from './severity-bar';

/** Badge colours: mild yellow, moderate orange, severe red (SPEC §9). */
export const SEVERITY_BADGE: Record<Severity, { bg: string; fg: string }> = {
  mild: { bg: '#fef9c3', fg: '#854d0e' },
  moderate: { bg: '#ffedd5', fg: '#9a3412' },
  severe: { bg: '#fee2e2', fg: '#991b1b' },
};

function rangeText(r: AbnormalResult): string {
  const unit = r.unit ? ` ${r.unit}` : '';
  if (r.referenceRangeMin !== null && r.referenceRangeMax !== null) return `${r.referenceRangeMin}–${r.referenceRangeMax}${unit}`;
  if (r.referenceRangeMax !== null) return `up to ${r.referenceRangeMax}${unit}`;
  if (r.referenceRangeMin !== null) return `above ${r.referenceRangeMin}${unit}`;
  return 'negative';
}

function SeverityBar({ result }: { result: AbnormalResult }) {
  const bar = severityBar(result);
  if (!bar) return null;
  return (
    <Box role="img" aria-label={`${result.testName} on its reference scale`} sx={{ position: 'relative', height: 8, mt: 1, borderRadius: 4, overflow: 'hidden', display: 'flex' }}>
      {bar.segments.map((s, i) => (
        <Box key={i} sx={{ width: `${(s.to - s.from) * 100}%`, bgcolor: BAND_COLORS[s.band] }} />
      ))}
      <Box sx={{ position: 'absolute', left: `calc(${bar.marker * 100}% - 2px)`, top: 0, width: 4, height: 8, bgcolor: 'grey.900', borderRadius: 1 }} />
    </Box>
  );
}

/** "Abnormal Values" (SPEC §2). */
export function AbnormalValues({ results, loading }: { results: AbnormalResult[]; loading?: boolean }) {
  return (
    <Card component="section" id="abnormal" sx={{ scrollMarginTop: 80, height: '100%' }}>
      <CardHeader title="Abnormal Values" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent tabIndex={0} role="region" aria-label="Abnormal values list" sx={{ pt: 0, maxHeight: 480, overflowY: 'auto' }}>
        {results.length === 0 ? (
          <Typography color="text.secondary">{loading ? 'Loading…' : 'No abnormal values found. Upload a report to see flagged results here.'}</Typography>
        ) : (
          <List disablePadding>
            {results.map((r) => (
              <ListItem key={r.id} divider sx={{ display: 'block', px: 0 }} data-testid="abnormal-result">
                <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
                  <Typography sx={{ fontWeight: 600 }}>{r.testName}</Typography>
                  {r.severity && (
                    <Chip
                      size="small"
                      label={r.severity}
                      sx={{ bgcolor: SEVERITY_BADGE[r.severity].bg, color: SEVERITY_BADGE[r.severity].fg, fontWeight: 600, textTransform: 'capitalize' }}
                    />
                  )}
                </Box>
                <Typography variant="body2" color="text.secondary">
                  <strong>
                    {r.value}
                    {r.unit ? ` ${r.unit}` : ''}
                  </strong>{' '}
                  ({r.abnormalType}) · normal {rangeText(r)}
                </Typography>
                <SeverityBar result={r} />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useToast } from '../../components/toast/toast-context';
import { useGetComplianceInfoQuery, useGetNoticeQuery, useGrantConsentMutation, type Region } from './reports-api';

const CHECKS = [
  'I accept the terms and conditions and the privacy notice above.',
  'I explicitly consent to the processing of my health data for healthcare analysis, personalized recommendations and follow-up reminders.',
  'I understand my data is kept for up to 5 years and that I can withdraw my consent at any time.',
] as const;

export interface ConsentDialogProps {
  open: boolean;
  onClose: () => void;
  onGranted: () => void;
}

/** The consent dialog (SPEC §2, §4, §5): the region's notice, three boxes that must all be ticked. */
export function ConsentDialog({ open, onClose, onGranted }: ConsentDialogProps) {
  const toast = useToast();
  const [checked, setChecked] = useState<boolean[]>([false, false, false]);
  const info = useGetComplianceInfoQuery(undefined, { skip: !open });
  const region: Region = info.data?.detectedRegion ?? 'OTHER';
  const notice = useGetNoticeQuery(region, { skip: !open || !info.data });
  const [grant, { isLoading }] = useGrantConsentMutation();
  const all = checked.every(Boolean);

  const reset = () => setChecked([false, false, false]);
  const submit = async () => {
    const result = await grant({
      consentType: 'explicit',
      purposes: ['healthcare_analysis', 'personalized_recommendations', 'follow_up_reminders'],
      dataCategories: ['health_records', 'test_results', 'personal_information'],
      retentionPeriod: '5_years',
      acceptTerms: true,
      region,
    });
    if ('error' in result) {
      // SPEC §8: only logged.
      console.warn('Failed to grant consent', result.error);
      return;
    }
    toast({ title: 'Consent granted', variant: 'success' });
    reset();
    onGranted();
  };

  return (
    <Dialog open={open} onClose={() => { reset(); onClose(); }} maxWidth="sm" fullWidth aria-labelledby="consent-title">
      <DialogTitle id="consent-title">{notice.data?.title ?? 'Consent to process your health data'}</DialogTitle>
      <DialogContent dividers>
        {notice.data ? (
          <>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
              {notice.data.law} · notice {notice.data.version}
            </Typography>
            {notice.data.sections.map((s) => (
              <div key={s.heading}>
                <Typography variant="subtitle2" component="h3" sx={{ mt: 1.5 }}>
                  {s.heading}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {s.body}
                </Typography>
              </div>
            ))}
          </>
        ) : (
          <Skeleton variant="rectangular" height={160} />
        )}
        <FormGroup sx={{ mt: 2 }}>
          {CHECKS.map((label, i) => (
            <FormControlLabel
              key={label}
              control={
                <Checkbox
                  checked={checked[i]}
                  onChange={(e) => setChecked((c) => c.map((v, j) => (j === i ? e.target.checked : v)))}
                />
              }
              label={<Typography variant="body2">{label}</Typography>}
            />
          ))}
        </FormGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => { reset(); onClose(); }} disabled={isLoading}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={!all || isLoading || !notice.data}>
          {isLoading ? 'Granting...' : 'Grant Consent & Continue'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

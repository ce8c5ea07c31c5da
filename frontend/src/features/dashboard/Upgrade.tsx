import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { baseApi } from '../../api/base-api';
import { useDispatch } from 'react-redux';
import type { AppDispatch } from '../../app/store';
import { useToast, type Toast } from '../../components/toast/toast-context';
import { navigation } from '../../shared/navigation';

/** SPEC §2: the six Pro benefits. */
export const PRO_BENEFITS = [
  'Unlimited report uploads',
  'Advanced AI analysis',
  'Personalized recommendations',
  'Email reminders and notifications',
  'Detailed PDF reports',
  'Priority customer support',
];

function Benefits() {
  return (
    <List dense disablePadding>
      {PRO_BENEFITS.map((b) => (
        <ListItem key={b} disableGutters>
          <ListItemIcon sx={{ minWidth: 32 }}>
            <CheckCircleIcon fontSize="small" color="success" />
          </ListItemIcon>
          <ListItemText primary={b} />
        </ListItem>
      ))}
    </List>
  );
}

/** The Upgrade to Pro dialog (SPEC §2, §4): "Pay ₹10 Now" navigates to the payment start. */
export function UpgradeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const pay = () => {
    setBusy(true);
    navigation.assign('/api/payment/initiate');
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="upgrade-title" maxWidth="xs" fullWidth>
      <DialogTitle id="upgrade-title">Upgrade to Pro</DialogTitle>
      <DialogContent>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
          ₹10
          <Typography component="span" color="text.secondary">
            {' '}
            / month
          </Typography>
        </Typography>
        <Benefits />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Pay by card, net banking, UPI or wallet through our card payment provider.
        </Typography>
      </DialogContent>
      <DialogActions sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 1, px: 3, pb: 2 }}>
        <Button variant="contained" onClick={pay} disabled={busy}>
          {busy ? 'Redirecting to Payment...' : 'Pay ₹10 Now'}
        </Button>
        <Button onClick={onClose} disabled={busy} sx={{ ml: '0 !important' }}>
          Maybe Later
        </Button>
        <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
          Secure payment processing. Cancel anytime.
        </Typography>
      </DialogActions>
    </Dialog>
  );
}

/** The sidebar card for Free users (SPEC §2). */
export function UpgradeCard({ onUpgrade }: { onUpgrade: () => void }) {
  return (
    <Card component="section" aria-labelledby="upgrade-card-title">
      <CardContent>
        <Typography id="upgrade-card-title" variant="h6" component="h2">
          Upgrade to Pro
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          10 rupees/month
        </Typography>
        <Benefits />
        <Button variant="contained" fullWidth sx={{ mt: 1 }} onClick={onUpgrade}>
          Upgrade to Pro
        </Button>
      </CardContent>
    </Card>
  );
}

/** SPEC §2: shown instead of the drop zone once a Free user has used the 10 uploads. */
export function UploadLimitCard({ onUpgrade }: { onUpgrade: () => void }) {
  return (
    <Card sx={{ mb: 3, borderColor: 'warning.main' }} variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          Upload Limit Reached
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
          You&apos;ve used all your free uploads for this month.
        </Typography>
        <Button variant="contained" onClick={onUpgrade}>
          Upgrade to Pro
        </Button>
      </CardContent>
    </Card>
  );
}

const PAYMENT_TOASTS: Record<string, Toast> = {
  success: {
    title: 'Payment Successful!',
    description: 'Welcome to Health Tracker Pro! All premium features are now unlocked.',
    variant: 'success',
  },
  failed: { title: 'Payment Failed', description: 'Your payment could not be processed. Please try again.', variant: 'destructive' },
  error: {
    title: 'Payment Error',
    description: 'There was an error processing your payment. Please contact support.',
    variant: 'destructive',
  },
};

/** SPEC §2, §8: `?payment=success|failed|error` shows its toast, then the parameter is cleared. */
export function usePaymentToast() {
  const [params, setParams] = useSearchParams();
  const toast = useToast();
  const dispatch = useDispatch<AppDispatch>();
  const payment = params.get('payment');
  useEffect(() => {
    if (!payment) return;
    const t = PAYMENT_TOASTS[payment];
    if (t) {
      toast(t);
      if (payment === 'success') dispatch(baseApi.util.invalidateTags(['User', 'Dashboard']));
    }
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete('payment');
        return next;
      },
      { replace: true },
    );
  }, [payment, toast, dispatch, setParams]);
}

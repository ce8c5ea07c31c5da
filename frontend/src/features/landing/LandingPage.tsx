import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import AnalyticsIcon from '@mui/icons-material/Analytics';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import LockIcon from '@mui/icons-material/Lock';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import TipsAndUpdatesIcon from '@mui/icons-material/TipsAndUpdates';
import { AdFrame } from '../../components/AdFrame';
import { navigation } from '../../shared/navigation';
import { usePageMeta } from '../../shared/use-page-meta';

const signIn = () => navigation.assign('/api/login');

const FEATURES = [
  { icon: CloudUploadIcon, title: 'Smart Upload & OCR', text: 'Upload PDF, JPG or PNG lab reports. Text PDFs, scans and phone photos are all read.' },
  { icon: AnalyticsIcon, title: 'AI Analysis', text: 'Every test result is extracted with its unit and reference range, and abnormal values are flagged by severity.' },
  { icon: TipsAndUpdatesIcon, title: 'Health Recommendations', text: 'Diet, lifestyle, exercise and supplement suggestions grounded in published clinical guidelines.' },
  { icon: EventRepeatIcon, title: 'Follow-up Tracking', text: 'Know which tests to repeat and when, with email reminders on Pro.' },
  { icon: PictureAsPdfIcon, title: 'PDF Reports', text: 'Download a clear summary of your results to share with your doctor.' },
  { icon: LockIcon, title: 'Secure & Private', text: 'Your data is processed only with your consent, under India’s DPDP Act and US HIPAA rules.' },
] as const;

const PLANS = [
  {
    name: 'Free',
    price: '₹0',
    features: ['1 report upload', 'Basic analysis', 'Basic recommendations', 'Simple PDF reports'],
    cta: 'Get Started Free',
    popular: false,
  },
  {
    name: 'Pro',
    price: '₹10',
    features: ['Unlimited report uploads', 'Advanced AI analysis', 'Personalized recommendations', 'Email reminders', 'Detailed PDF reports', 'Priority support'],
    cta: 'Start Pro Trial',
    popular: true,
  },
] as const;

/** What a visitor sees (SPEC §2 Landing page). */
export default function LandingPage() {
  usePageMeta({ title: 'Health Tracker Pro — AI-Powered Health Report Analysis', canonicalPath: '/' });
  return (
    <Box sx={{ bgcolor: 'background.default', minHeight: '100vh' }}>
      <Box component="header" sx={{ bgcolor: 'background.paper', borderBottom: '1px solid #e3e8f0' }}>
        <Container maxWidth="lg">
          <Toolbar disableGutters sx={{ gap: 1 }}>
            <MonitorHeartIcon color="primary" />
            <Typography variant="h6" component="span" sx={{ fontWeight: 800, color: 'primary.main', flexGrow: 1 }}>
              Health Tracker Pro
            </Typography>
            <Button variant="contained" onClick={signIn}>
              Sign In with Google
            </Button>
          </Toolbar>
        </Container>
      </Box>

      <Container maxWidth="lg" component="main" sx={{ display: 'flex', gap: 4, py: { xs: 5, md: 8 } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box component="section" sx={{ textAlign: 'center', mb: { xs: 6, md: 9 } }}>
            <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '3rem' }, mb: 2 }}>
              AI-Powered Health Report Analysis
            </Typography>
            <Typography variant="h6" component="p" color="text.secondary" sx={{ maxWidth: 680, mx: 'auto', mb: 4, fontWeight: 400 }}>
              Upload your lab report and get every result read, abnormal values flagged by severity, and clear next
              steps you can discuss with your doctor.
            </Typography>
            <Button variant="contained" size="large" onClick={signIn} sx={{ px: 5, py: 1.5 }}>
              Get Started Free
            </Button>
          </Box>

          <Box component="section" aria-labelledby="features-heading" sx={{ mb: { xs: 6, md: 9 } }}>
            <Typography id="features-heading" variant="h4" component="h2" sx={{ textAlign: 'center', mb: 4 }}>
              Everything your report needs
            </Typography>
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
              {FEATURES.map(({ icon: Icon, title, text }) => (
                <Card key={title}>
                  <CardContent>
                    <Icon color="primary" sx={{ fontSize: 36, mb: 1 }} />
                    <Typography variant="h6" component="h3" gutterBottom>
                      {title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {text}
                    </Typography>
                  </CardContent>
                </Card>
              ))}
            </Box>
          </Box>

          <Box component="section" aria-labelledby="plans-heading" sx={{ mb: 4 }}>
            <Typography id="plans-heading" variant="h4" component="h2" sx={{ textAlign: 'center', mb: 4 }}>
              Choose Your Plan
            </Typography>
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, maxWidth: 820, mx: 'auto' }}>
              {PLANS.map((plan) => (
                <Card key={plan.name} sx={plan.popular ? { borderColor: 'primary.main', borderWidth: 2 } : undefined}>
                  <CardContent sx={{ p: 4 }}>
                    <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
                      <Typography variant="h5" component="h3">
                        {plan.name}
                      </Typography>
                      {plan.popular && <Chip label="Most Popular" color="primary" size="small" />}
                    </Stack>
                    <Typography variant="h3" component="p" sx={{ mb: 2 }}>
                      {plan.price}
                      <Typography component="span" color="text.secondary">
                        /month
                      </Typography>
                    </Typography>
                    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mb: 3 }}>
                      {plan.features.map((f) => (
                        <Stack component="li" key={f} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                          <CheckCircleIcon color="success" fontSize="small" />
                          <Typography variant="body2">{f}</Typography>
                        </Stack>
                      ))}
                    </Stack>
                    <Button fullWidth variant={plan.popular ? 'contained' : 'outlined'} onClick={signIn}>
                      {plan.cta}
                    </Button>
                  </CardContent>
                </Card>
              ))}
            </Box>
          </Box>
        </Box>
        <Box component="aside" sx={{ display: { xs: 'none', lg: 'block' }, width: 300, flexShrink: 0 }}>
          <AdFrame />
        </Box>
      </Container>

      <Box component="footer" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: 6, textAlign: 'center' }}>
        <Typography variant="h5" component="h2" gutterBottom>
          Get Started Today
        </Typography>
        <Typography sx={{ mb: 3, opacity: 0.9 }}>Understand your next lab report in minutes.</Typography>
        <Button variant="contained" onClick={signIn} sx={{ bgcolor: '#fff', color: 'primary.dark', '&:hover': { bgcolor: '#e3f2fd' } }}>
          Sign In with Google
        </Button>
        <Typography variant="caption" component="p" sx={{ mt: 4 }}>
          Health Tracker Pro explains lab results; it does not replace a doctor’s advice.
        </Typography>
      </Box>
    </Box>
  );
}

import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { usePageMeta } from '../../shared/use-page-meta';

/** The app's own 404 page. */
export default function NotFoundPage() {
  usePageMeta({ title: 'Page Not Found — Health Tracker Pro', robots: 'noindex' });
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 3 }}>
      <Box>
        <Typography variant="h2" component="p" color="primary" sx={{ fontWeight: 800 }}>
          404
        </Typography>
        <Typography variant="h4" component="h1" gutterBottom>
          Page Not Found
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          The page you are looking for does not exist or has moved.
        </Typography>
        <Button variant="contained" component={RouterLink} to="/">
          Back to Dashboard
        </Button>
      </Box>
    </Box>
  );
}

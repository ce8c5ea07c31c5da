import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** "Welcome, {first name}" with the fallback User (SPEC §2). */
export function WelcomeBanner({ firstName }: { firstName: string | null }) {
  return (
    <Box
      sx={{
        background: 'linear-gradient(120deg, #1565c0 0%, #00897b 100%)',
        color: '#fff',
        borderRadius: 3,
        p: { xs: 3, md: 4 },
        mb: 3,
      }}
    >
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
        Welcome, {firstName?.trim() || 'User'}
      </Typography>
      <Typography sx={{ opacity: 0.9, mt: 1 }}>
        Upload a lab report to see every result explained, with abnormal values flagged by severity.
      </Typography>
    </Box>
  );
}

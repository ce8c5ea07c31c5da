import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { NavBar, type NavBarProps } from './NavBar';

/** The signed-in shell: the fixed bar and the page below it. */
export function SignedInLayout({ children, ...nav }: NavBarProps & { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <NavBar {...nav} />
      <Container component="main" maxWidth="lg" sx={{ pt: { xs: 15, md: 11 }, pb: 6 }}>
        {children}
      </Container>
    </Box>
  );
}

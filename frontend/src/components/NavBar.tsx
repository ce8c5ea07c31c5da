import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import { navigation } from '../shared/navigation';
import { scrollToSection } from '../shared/scroll-to-section';
import { UserAvatar, type AvatarUser } from './UserAvatar';

const SECTIONS = [
  { id: 'overview', label: 'Dashboard', short: 'Dashboard' },
  { id: 'reports', label: 'Reports', short: 'Reports' },
  { id: 'abnormal', label: 'Abnormal Values', short: 'Abnormal' },
  { id: 'recommendations', label: 'Recommendations', short: 'Recommendations' },
  { id: 'followups', label: 'Follow-ups', short: null },
] as const;

export interface NavBarProps {
  user: AvatarUser & { isPro: boolean };
  onUpgrade?: () => void;
  onPreferences?: () => void;
}

/** The signed-in navigation bar (SPEC §2). */
export function NavBar({ user, onUpgrade, onPreferences }: NavBarProps) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const closeMenu = () => setMenuAnchor(null);
  return (
    <AppBar position="fixed" color="inherit" elevation={0} sx={{ borderBottom: '1px solid #e3e8f0', height: 64 }}>
      <Toolbar sx={{ gap: 1, minHeight: 64 }}>
        <Box component={RouterLink} to="/dashboard" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'primary.main', textDecoration: 'none', mr: 2 }}>
          <MonitorHeartIcon />
          <Typography variant="h6" component="span" sx={{ fontWeight: 800, display: { xs: 'none', sm: 'inline' } }}>
            Health Tracker Pro
          </Typography>
        </Box>
        <Box component="nav" aria-label="Sections" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5 }}>
          {SECTIONS.map((s) => (
            <Button key={s.id} color="inherit" onClick={() => scrollToSection(s.id)}>
              {s.label}
            </Button>
          ))}
          <Button color="inherit" component={RouterLink} to="/prescriptions">
            Prescriptions
          </Button>
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <Chip
          label={user.isPro ? 'PRO' : 'FREE'}
          color={user.isPro ? 'secondary' : 'default'}
          size="small"
          sx={{ fontWeight: 700 }}
        />
        {!user.isPro && onUpgrade && (
          <Button variant="contained" size="small" onClick={onUpgrade}>
            Upgrade
          </Button>
        )}
        <IconButton aria-label="Profile menu" onClick={(e) => setMenuAnchor(e.currentTarget)}>
          <UserAvatar user={user} />
        </IconButton>
        <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={closeMenu}>
          {onPreferences && (
            <MenuItem onClick={() => { closeMenu(); onPreferences(); }}>Preferences</MenuItem>
          )}
          {!user.isPro && onUpgrade && (
            <MenuItem onClick={() => { closeMenu(); onUpgrade(); }}>Upgrade to Pro</MenuItem>
          )}
          <MenuItem onClick={() => navigation.assign('/api/logout')}>Logout</MenuItem>
        </Menu>
      </Toolbar>
      <Box
        component="nav"
        aria-label="Sections (compact)"
        sx={{ display: { xs: 'flex', md: 'none' }, justifyContent: 'space-around', bgcolor: 'background.paper', borderBottom: '1px solid #e3e8f0' }}
      >
        {SECTIONS.filter((s) => s.short).map((s) => (
          <Button key={s.id} size="small" color="inherit" onClick={() => scrollToSection(s.id)}>
            {s.short}
          </Button>
        ))}
      </Box>
    </AppBar>
  );
}

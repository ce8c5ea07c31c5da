import { useState } from 'react';
import Avatar from '@mui/material/Avatar';

export interface AvatarUser {
  firstName: string | null;
  email: string | null;
  profileImageUrl: string | null;
}

/** The first letter of the first name, else of the email, else U. */
export function initialOf(user: AvatarUser): string {
  const source = user.firstName?.trim() || user.email?.trim() || 'U';
  return source.charAt(0).toUpperCase();
}

/** The profile image, falling back to the initial when missing or broken. */
export function UserAvatar({ user, size = 36 }: { user: AvatarUser; size?: number }) {
  const [broken, setBroken] = useState(false);
  const src = !broken && user.profileImageUrl ? user.profileImageUrl : undefined;
  return (
    <Avatar
      src={src}
      alt={user.firstName ?? user.email ?? 'User'}
      slotProps={{ img: { onError: () => setBroken(true), referrerPolicy: 'no-referrer' } }}
      sx={{ width: size, height: size, bgcolor: 'primary.main', fontWeight: 700 }}
    >
      {initialOf(user)}
    </Avatar>
  );
}

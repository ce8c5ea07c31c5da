import { useEffect } from 'react';
import { useToast } from '../components/toast/toast-context';
import { loginUrl, navigation } from '../shared/navigation';

/** Delay before a logged-out visitor of a protected page is sent to sign in (SPEC §4). */
export const SIGN_IN_REDIRECT_MS = 500;

/** On a protected page without a session: tell the user, then go to sign-in. */
export function RedirectToSignIn() {
  const toast = useToast();
  useEffect(() => {
    toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
    const timer = window.setTimeout(() => navigation.assign(loginUrl()), SIGN_IN_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);
  return null;
}

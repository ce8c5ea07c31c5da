import { useCallback, useState } from 'react';
import { useToast } from '../../components/toast/toast-context';
import { storedLocation, storeLocation } from './storage';

export type GeoStatus = 'idle' | 'requesting' | 'enabled' | 'denied' | 'unsupported';

/** SPEC §4 and §8: what each state reads. */
export const GEO_MESSAGES: Record<Exclude<GeoStatus, 'idle'>, string> = {
  requesting: 'Requesting permission…',
  enabled: 'Location enabled',
  denied: 'Location permission denied',
  unsupported: 'Geolocation not supported by your browser.',
};

/**
 * Asks the browser for its position and keeps it as `proUserLocation`. A position stored
 * earlier counts as enabled.
 */
export function useGeolocation() {
  const toast = useToast();
  const [status, setStatus] = useState<GeoStatus>(() => (storedLocation() ? 'enabled' : 'idle'));

  const request = useCallback(() => {
    const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
    if (!geo) {
      setStatus('unsupported');
      toast({ title: GEO_MESSAGES.unsupported, variant: 'destructive' });
      return;
    }
    setStatus('requesting');
    geo.getCurrentPosition(
      (pos) => {
        storeLocation({ latitude: pos.coords.latitude, longitude: pos.coords.longitude });
        setStatus('enabled');
      },
      () => {
        setStatus('denied');
        toast({ title: GEO_MESSAGES.denied, variant: 'destructive' });
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
    );
  }, [toast]);

  return { status, request };
}

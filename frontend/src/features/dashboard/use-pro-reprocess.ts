import { useCallback, useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { baseApi } from '../../api/base-api';
import type { AppDispatch } from '../../app/store';
import { useToast } from '../../components/toast/toast-context';
import { PREFS_SAVED_EVENT, REPROCESS_DONE_KEY, storedCuisines, storedDiet } from '../../shared/preferences/storage';
import { type Recommendation, useReprocessMutation } from './reports-api';

/** The re-runs are queued jobs: look at the details again a little later. */
const REFRESH_AFTER_MS = [1500, 4000, 10000];

/**
 * SPEC §4 Pro reprocessing: once after the upgrade (guarded by `proReprocessDone`), again when
 * the shown recommendations have no journeys (the guard is cleared if that request fails), and
 * whenever `proUserPrefsSaved` fires.
 */
export function useProReprocess(isPro: boolean, recommendations: Recommendation[] | undefined) {
  const [reprocess] = useReprocessMutation();
  const dispatch = useDispatch<AppDispatch>();
  const toast = useToast();
  const timers = useRef<number[]>([]);
  const askedFor = useRef<string | null>(null);

  const run = useCallback(async () => {
    try {
      await reprocess({ dietPreference: storedDiet(), cuisines: storedCuisines() }).unwrap();
    } catch (e) {
      // SPEC §8.
      toast({ title: 'Could not refresh recommendations', description: 'You can retry from the dashboard later.', variant: 'destructive' });
      throw e;
    }
    for (const ms of REFRESH_AFTER_MS) {
      timers.current.push(window.setTimeout(() => dispatch(baseApi.util.invalidateTags(['Details'])), ms));
    }
  }, [reprocess, dispatch, toast]);

  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);

  // Once after the upgrade.
  useEffect(() => {
    if (!isPro || localStorage.getItem(REPROCESS_DONE_KEY) === '1') return;
    localStorage.setItem(REPROCESS_DONE_KEY, '1');
    run().catch(() => {});
  }, [isPro, run]);

  // Recommendations without journeys, once per set shown.
  const signature = recommendations?.map((r) => r.id).join(',') ?? '';
  const lacking = Boolean(recommendations?.length) && recommendations!.every((r) => !r.proJourney);
  useEffect(() => {
    if (!isPro || !lacking || askedFor.current === signature) return;
    askedFor.current = signature;
    localStorage.setItem(REPROCESS_DONE_KEY, '1');
    run().catch(() => localStorage.removeItem(REPROCESS_DONE_KEY));
  }, [isPro, lacking, signature, run]);

  // New preferences from the wizard.
  useEffect(() => {
    if (!isPro) return undefined;
    const onSaved = () => {
      run().catch(() => {});
    };
    window.addEventListener(PREFS_SAVED_EVENT, onSaved);
    return () => window.removeEventListener(PREFS_SAVED_EVENT, onSaved);
  }, [isPro, run]);
}

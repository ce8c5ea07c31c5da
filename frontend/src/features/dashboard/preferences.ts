/** The preferences the browser keeps (SPEC §3 local storage). */

/** `dietPreference`: veg or nonveg, default nonveg. */
export function storedDiet(): 'veg' | 'nonveg' {
  return localStorage.getItem('dietPreference') === 'veg' ? 'veg' : 'nonveg';
}

/** Cuisines from `proUserPrefs`, if the wizard saved any. */
export function storedCuisines(): string[] {
  try {
    const prefs = JSON.parse(localStorage.getItem('proUserPrefs') ?? '{}') as { cuisines?: unknown };
    return Array.isArray(prefs.cuisines) ? prefs.cuisines.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

export const REPROCESS_DONE_KEY = 'proReprocessDone';
export const PREFS_SAVED_EVENT = 'proUserPrefsSaved';

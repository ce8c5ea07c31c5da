/** The preferences the browser keeps (SPEC §3 local storage). */

export type DietType = 'veg' | 'nonveg';

/** SPEC §2: the six cuisines, stored as shown (the server reads either form). */
export const CUISINES = ['Indian', 'Middle Eastern', 'Western', 'Chinese', 'Japanese', 'Mediterranean'] as const;

/** `proUserPrefs`. */
export interface StoredPrefs {
  dietType?: DietType;
  cuisines: string[];
  city: string;
  state: string;
}

/** `proUserLocation`. */
export interface Coordinates {
  latitude: number;
  longitude: number;
}

export const PREFS_KEY = 'proUserPrefs';
export const LOCATION_KEY = 'proUserLocation';
export const DIET_KEY = 'dietPreference';
export const PREFS_COMPLETED_KEY = 'proUserPrefsCompleted';
export const REPROCESS_DONE_KEY = 'proReprocessDone';
export const PREFS_SAVED_EVENT = 'proUserPrefsSaved';
/** Fired when the stored location changes, so open panels can use it at once. */
export const LOCATION_EVENT = 'proUserLocationUpdated';

function readJson(key: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** `proUserPrefs` as stored, with anything malformed read as unset. */
export function loadPrefs(): StoredPrefs {
  const raw = readJson(PREFS_KEY);
  const o = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const diet = o.dietType === 'veg' || o.dietType === 'nonveg' ? o.dietType : undefined;
  const cuisines = Array.isArray(o.cuisines) ? o.cuisines.filter((c): c is string => typeof c === 'string') : [];
  return { dietType: diet, cuisines, city: text(o.city), state: text(o.state) };
}

/** Merges `patch` into `proUserPrefs` (state and city are saved on every change, SPEC §4). */
export function storePrefs(patch: Partial<StoredPrefs>) {
  localStorage.setItem(PREFS_KEY, JSON.stringify({ ...loadPrefs(), ...patch }));
}

/** `dietPreference`: veg or nonveg, default nonveg. */
export function storedDiet(): DietType {
  return localStorage.getItem(DIET_KEY) === 'veg' ? 'veg' : 'nonveg';
}

/** Cuisines from `proUserPrefs`, if the wizard saved any. */
export function storedCuisines(): string[] {
  return loadPrefs().cuisines;
}

/** `proUserLocation`, when it holds two finite numbers. */
export function storedLocation(): Coordinates | null {
  const raw = readJson(LOCATION_KEY) as Partial<Coordinates> | null;
  if (!raw || !Number.isFinite(raw.latitude) || !Number.isFinite(raw.longitude)) return null;
  return { latitude: raw.latitude!, longitude: raw.longitude! };
}

export function storeLocation(c: Coordinates) {
  localStorage.setItem(LOCATION_KEY, JSON.stringify({ latitude: c.latitude, longitude: c.longitude }));
  window.dispatchEvent(new Event(LOCATION_EVENT));
}

/** Saving the wizard (SPEC §4): every preference, the completed flag, the diet, then the events. */
export function saveWizard(prefs: Required<StoredPrefs>) {
  localStorage.setItem(PREFS_KEY, JSON.stringify(prefs));
  localStorage.setItem(PREFS_COMPLETED_KEY, '1');
  localStorage.setItem(DIET_KEY, prefs.dietType);
  window.dispatchEvent(new Event(PREFS_SAVED_EVENT));
}

export function prefsCompleted(): boolean {
  return localStorage.getItem(PREFS_COMPLETED_KEY) === '1';
}

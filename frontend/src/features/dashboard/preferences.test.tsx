import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { makeStore } from '../../app/store';
import { CITIES_BY_STATE, INDIAN_STATES, normaliseCity } from '../../shared/preferences/india';
import { PREFS_SAVED_EVENT } from '../../shared/preferences/storage';
import { renderApp } from '../../testing/render';
import { api, server, signedIn } from '../../testing/server';
import { PreferencesWizard } from './PreferencesWizard';

function renderWizard(onClose = vi.fn()) {
  const utils = render(
    <AppProviders store={makeStore()}>
      <PreferencesWizard open onClose={onClose} />
    </AppProviders>,
  );
  return { onClose, ...utils };
}

type PositionCallbacks = [PositionCallback, PositionErrorCallback | null | undefined];

/** A browser whose location prompt the test answers. */
function fakeGeolocation() {
  const pending: PositionCallbacks[] = [];
  const geolocation = {
    getCurrentPosition: vi.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) => {
      pending.push([ok, fail]);
    }),
  };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  return {
    allow(latitude: number, longitude: number) {
      const [ok] = pending.shift()!;
      act(() => ok({ coords: { latitude, longitude } } as GeolocationPosition));
    },
    deny() {
      const [, fail] = pending.shift()!;
      act(() => fail!({ code: 1, message: 'denied' } as GeolocationPositionError));
    },
  };
}

function noGeolocation() {
  Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true });
}

const heading = () => screen.getByRole('heading', { level: 3 });

async function toLocationStep(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('radio', { name: 'Vegetarian' }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(screen.getByRole('checkbox', { name: 'Japanese' }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

describe('the preferences wizard (SPEC §2, §4, §5)', () => {
  it('types each question at 18 ms a character while readers get the whole question', () => {
    vi.useFakeTimers();
    renderWizard();
    const q = heading();
    const text = q.getAttribute('aria-label')!;
    expect(q).toHaveAccessibleName(text);
    expect(q.textContent).toBe('');
    act(() => vi.advanceTimersByTime(18 * 5));
    expect(q.textContent).toBe(text.slice(0, 5));
    act(() => vi.advanceTimersByTime(17));
    expect(q.textContent).toBe(text.slice(0, 5));
    act(() => vi.advanceTimersByTime(18 * text.length));
    expect(q.textContent).toBe(text);
  });

  it('moves on only when a step is complete, and Back returns', async () => {
    const user = userEvent.setup();
    renderWizard();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Non-veg' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
    for (const c of ['Indian', 'Middle Eastern', 'Western', 'Chinese', 'Japanese', 'Mediterranean']) {
      expect(screen.getByRole('checkbox', { name: c })).not.toBeChecked();
    }
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Chinese' }));
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Chinese' }));
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Non-veg' })).toBeChecked();
  });

  it('keeps the city closed until a state is chosen, clears it when the state changes, and stores both on every change', async () => {
    localStorage.setItem('proUserPrefs', JSON.stringify({ dietType: 'veg', cuisines: ['Indian'], state: '', city: '' }));
    const user = userEvent.setup();
    renderWizard();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Step 3 of 3')).toBeInTheDocument();
    // Nothing stored: location mode first.
    expect(screen.getByRole('radio', { name: 'Use my current location' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Choose state & city' }));
    const city = screen.getByRole('combobox', { name: 'City' });
    expect(city).toBeDisabled();
    expect(within(city).getByRole('option', { name: 'Select state first' })).toBeInTheDocument();
    const state = screen.getByRole('combobox', { name: 'State' });
    expect(within(state).getAllByRole('option')).toHaveLength(36 + 1);
    await user.selectOptions(state, 'Karnataka');
    expect(JSON.parse(localStorage.getItem('proUserPrefs')!)).toMatchObject({ state: 'Karnataka', city: '' });
    expect(city).toBeEnabled();
    const save = screen.getByRole('button', { name: 'Save & Continue' });
    expect(save).toBeDisabled();
    for (const c of ['Bengaluru', 'Mysuru', 'Mangaluru', 'Hubballi', 'Belagavi']) {
      expect(within(city).getByRole('option', { name: c })).toBeInTheDocument();
    }
    await user.selectOptions(city, 'Mysuru');
    expect(JSON.parse(localStorage.getItem('proUserPrefs')!)).toMatchObject({ state: 'Karnataka', city: 'Mysuru' });
    expect(save).toBeEnabled();
    await user.selectOptions(state, 'Kerala');
    expect(city).toHaveValue('');
    expect(JSON.parse(localStorage.getItem('proUserPrefs')!)).toMatchObject({ state: 'Kerala', city: '' });
    expect(save).toBeDisabled();
  });

  it('lets a state without a city list take a typed city', async () => {
    localStorage.setItem('proUserPrefs', JSON.stringify({ dietType: 'veg', cuisines: ['Indian'], state: 'Sikkim', city: '' }));
    const user = userEvent.setup();
    renderWizard();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // A stored state: manual mode first.
    expect(screen.getByRole('radio', { name: 'Choose state & city' })).toBeChecked();
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Gangtok');
    expect(screen.getByRole('button', { name: 'Save & Continue' })).toBeEnabled();
    expect(JSON.parse(localStorage.getItem('proUserPrefs')!).city).toBe('Gangtok');
  });

  it('enables location through the browser and needs it before saving', async () => {
    const geo = fakeGeolocation();
    const user = userEvent.setup();
    renderWizard();
    await toLocationStep(user);
    const save = screen.getByRole('button', { name: 'Save & Continue' });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Enable location' }));
    expect(screen.getByRole('status')).toHaveTextContent('Requesting permission…');
    geo.deny();
    expect(screen.getByRole('status')).toHaveTextContent('Location permission denied');
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Enable location' }));
    geo.allow(12.97, 77.59);
    expect(screen.getByRole('status')).toHaveTextContent('Location enabled');
    expect(JSON.parse(localStorage.getItem('proUserLocation')!)).toEqual({ latitude: 12.97, longitude: 77.59 });
    expect(save).toBeEnabled();
  });

  it('says so when the browser has no geolocation', async () => {
    noGeolocation();
    const user = userEvent.setup();
    renderWizard();
    await toLocationStep(user);
    await user.click(screen.getByRole('button', { name: 'Enable location' }));
    expect(screen.getByRole('status')).toHaveTextContent('Geolocation not supported by your browser.');
    expect(screen.getByRole('button', { name: 'Save & Continue' })).toBeDisabled();
  });

  it('saves every preference, the completed flag and the diet, then emits proUserPrefsSaved', async () => {
    const saved = vi.fn();
    window.addEventListener(PREFS_SAVED_EVENT, saved);
    const user = userEvent.setup();
    const { onClose } = renderWizard();
    await user.click(screen.getByRole('radio', { name: 'Vegetarian' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('checkbox', { name: 'Mediterranean' }));
    await user.click(screen.getByRole('checkbox', { name: 'Indian' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('radio', { name: 'Choose state & city' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Karnataka');
    await user.selectOptions(screen.getByRole('combobox', { name: 'City' }), 'Bengaluru');
    expect(saved).not.toHaveBeenCalled();
    expect(localStorage.getItem('proUserPrefsCompleted')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(JSON.parse(localStorage.getItem('proUserPrefs')!)).toEqual({
      dietType: 'veg',
      cuisines: ['Indian', 'Mediterranean'],
      state: 'Karnataka',
      city: 'Bengaluru',
    });
    expect(localStorage.getItem('proUserPrefsCompleted')).toBe('1');
    expect(localStorage.getItem('dietPreference')).toBe('veg');
    expect(saved).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalled();
    window.removeEventListener(PREFS_SAVED_EVENT, saved);
  });

  it('Skip for now closes without saving anything', async () => {
    const user = userEvent.setup();
    const { onClose } = renderWizard();
    await user.click(screen.getByRole('radio', { name: 'Vegetarian' }));
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    expect(onClose).toHaveBeenCalled();
    expect(localStorage.getItem('proUserPrefsCompleted')).toBeNull();
    expect(localStorage.getItem('dietPreference')).toBeNull();
  });
});

describe('the wizard on the dashboard', () => {
  it('opens by itself for a Pro user without the completed flag, restarts at step 1, and reprocesses after saving', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(api('/reports/reprocess'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ status: 'queued' }, { status: 202 });
      }),
    );
    localStorage.setItem('proReprocessDone', '1');
    signedIn({ isPro: true });
    const user = userEvent.setup();
    renderApp('/dashboard');
    const dialog = await screen.findByRole('dialog', { name: /Personalise your plan/ });
    await user.click(within(dialog).getByRole('radio', { name: 'Vegetarian' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Japanese' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Choose state & city' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'State' }), 'Delhi');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'City' }), 'New Delhi');
    await user.click(within(dialog).getByRole('button', { name: 'Save & Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(bodies).toEqual([{ dietPreference: 'veg', cuisines: ['Japanese'] }]));

    // The profile menu opens it again, at step 1, with what was saved.
    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Preferences' }));
    const again = await screen.findByRole('dialog', { name: /Personalise your plan/ });
    expect(within(again).getByText('Step 1 of 3')).toBeInTheDocument();
    expect(within(again).getByRole('radio', { name: 'Vegetarian' })).toBeChecked();
  });

  it('stays closed for a Pro user who completed it, and never exists for a Free user', async () => {
    localStorage.setItem('proUserPrefsCompleted', '1');
    signedIn({ isPro: true });
    const pro = renderApp('/dashboard');
    expect(await screen.findByText('PRO')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    pro.unmount();
    localStorage.clear();
    signedIn({ isPro: false });
    const user = userEvent.setup();
    renderApp('/dashboard');
    expect(await screen.findByText('FREE')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Upgrade to Pro' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Preferences' })).not.toBeInTheDocument();
  });
});

describe('the static lists', () => {
  it('hold the 36 states and union territories, unique, and cities for 18 of them', () => {
    expect(new Set(INDIAN_STATES).size).toBe(36);
    const withCities = Object.keys(CITIES_BY_STATE);
    expect(withCities).toHaveLength(18);
    for (const s of withCities) expect(INDIAN_STATES).toContain(s);
    expect(CITIES_BY_STATE.Karnataka).toEqual(['Bengaluru', 'Mysuru', 'Mangaluru', 'Hubballi', 'Belagavi']);
  });

  it('treats the old and new names of a city as one', () => {
    expect(normaliseCity('Bengaluru')).toBe(normaliseCity('bangalore'));
    expect(normaliseCity(' Mysuru ')).toBe('mysore');
    expect(normaliseCity('Mangaluru')).toBe('mangalore');
    expect(normaliseCity('Pune')).not.toBe(normaliseCity('Mumbai'));
  });
});

import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { useToast } from '../../components/toast/toast-context';
import { CITIES_BY_STATE, INDIAN_STATES } from '../../shared/preferences/india';
import { CUISINES, type DietType, loadPrefs, saveWizard, storePrefs } from '../../shared/preferences/storage';
import { GEO_MESSAGES, useGeolocation } from '../../shared/preferences/use-geolocation';
import { useTypewriter } from '../../shared/preferences/use-typewriter';

const QUESTIONS = [
  'What do you eat? We plan your meals around it.',
  'Which cuisines do you enjoy? Pick one or more.',
  'Where are you? We use it to find doctors near you.',
] as const;

type LocationMode = 'location' | 'manual';

/** A question typed out at 18 ms a character; screen readers get the whole text at once. */
function Question({ text }: { text: string }) {
  const shown = useTypewriter(text);
  return (
    <Typography variant="h6" component="h3" aria-label={text} sx={{ minHeight: '2lh', mb: 2 }}>
      <span aria-hidden="true">{shown}</span>
    </Typography>
  );
}

export interface PreferencesWizardProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The Pro preferences wizard (SPEC §2, §4, §5): diet, cuisines, location, in three steps.
 * Each opening starts at step 1 with what is stored.
 */
export function PreferencesWizard({ open, onClose }: PreferencesWizardProps) {
  const [opening, setOpening] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpening(opening + 1);
  }
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="prefs-title">
      <WizardBody key={opening} onClose={onClose} />
    </Dialog>
  );
}

function WizardBody({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const [initial] = useState(loadPrefs);
  const [step, setStep] = useState(0);
  const [diet, setDiet] = useState<DietType | undefined>(initial.dietType);
  const [cuisines, setCuisines] = useState<string[]>(initial.cuisines);
  const [mode, setMode] = useState<LocationMode>(initial.state || initial.city ? 'manual' : 'location');
  const [state, setState] = useState(initial.state);
  const [city, setCity] = useState(initial.city);
  const geo = useGeolocation();

  const complete = [
    diet !== undefined,
    cuisines.length > 0,
    mode === 'location' ? geo.status === 'enabled' : Boolean(state && city.trim()),
  ];

  const chooseState = (next: string) => {
    setState(next);
    setCity('');
    storePrefs({ state: next, city: '' });
  };
  const chooseCity = (next: string) => {
    setCity(next);
    storePrefs({ city: next });
  };
  const toggleCuisine = (c: string) =>
    setCuisines((now) => (now.includes(c) ? now.filter((x) => x !== c) : [...now, c]));

  const save = () => {
    if (!complete.every(Boolean) || !diet) return;
    const manual = mode === 'manual';
    saveWizard({
      dietType: diet,
      cuisines: CUISINES.filter((c) => cuisines.includes(c)),
      state: manual ? state : '',
      city: manual ? city.trim() : '',
    });
    toast({ title: 'Preferences saved', description: 'Your recommendations are being refreshed.', variant: 'success' });
    onClose();
  };

  const cities = CITIES_BY_STATE[state];
  return (
    <>
      <DialogTitle id="prefs-title">
        Personalise your plan
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
          Step {step + 1} of 3
        </Typography>
      </DialogTitle>
      <LinearProgress variant="determinate" value={((step + 1) / 3) * 100} aria-hidden="true" />
      <DialogContent sx={{ minHeight: 280, pt: 3 }}>
        <Question key={step} text={QUESTIONS[step]} />
        {step === 0 && (
          <RadioGroup
            aria-label="Diet"
            value={diet ?? ''}
            onChange={(e) => setDiet(e.target.value as DietType)}
          >
            <FormControlLabel value="veg" control={<Radio />} label="Vegetarian" />
            <FormControlLabel value="nonveg" control={<Radio />} label="Non-veg" />
          </RadioGroup>
        )}
        {step === 1 && (
          <FormGroup aria-label="Cuisines" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {CUISINES.map((c) => (
              <FormControlLabel
                key={c}
                control={<Checkbox checked={cuisines.includes(c)} onChange={() => toggleCuisine(c)} />}
                label={c}
              />
            ))}
          </FormGroup>
        )}
        {step === 2 && (
          <Stack spacing={2}>
            <RadioGroup aria-label="Location" value={mode} onChange={(e) => setMode(e.target.value as LocationMode)}>
              <FormControlLabel value="location" control={<Radio />} label="Use my current location" />
              <FormControlLabel value="manual" control={<Radio />} label="Choose state & city" />
            </RadioGroup>
            {mode === 'location' ? (
              <Box>
                <Button
                  variant="outlined"
                  startIcon={<MyLocationIcon />}
                  onClick={geo.request}
                  disabled={geo.status === 'requesting'}
                >
                  Enable location
                </Button>
                <Typography
                  role="status"
                  variant="body2"
                  sx={{ mt: 1 }}
                  color={geo.status === 'enabled' ? 'success.main' : geo.status === 'idle' || geo.status === 'requesting' ? 'text.secondary' : 'error.main'}
                >
                  {geo.status === 'idle' ? '' : GEO_MESSAGES[geo.status]}
                </Typography>
              </Box>
            ) : (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  select
                  fullWidth
                  label="State"
                  value={state}
                  onChange={(e) => chooseState(e.target.value)}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                >
                  <option value="" disabled>
                    Select state
                  </option>
                  {INDIAN_STATES.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </TextField>
                {state && !cities ? (
                  <TextField
                    fullWidth
                    label="City"
                    value={city}
                    placeholder="Type your city"
                    onChange={(e) => chooseCity(e.target.value)}
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                ) : (
                  <TextField
                    select
                    fullWidth
                    label="City"
                    value={city}
                    disabled={!state}
                    onChange={(e) => chooseCity(e.target.value)}
                    slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                  >
                    <option value="" disabled>
                      {state ? 'Select city' : 'Select state first'}
                    </option>
                    {(cities ?? []).map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </TextField>
                )}
              </Stack>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose} color="inherit" sx={{ mr: 'auto' }}>
          Skip for now
        </Button>
        {step > 0 && <Button onClick={() => setStep(step - 1)}>Back</Button>}
        {step < 2 ? (
          <Button variant="contained" disabled={!complete[step]} onClick={() => setStep(step + 1)}>
            Next
          </Button>
        ) : (
          <Button variant="contained" disabled={!complete.every(Boolean)} onClick={save}>
            Save &amp; Continue
          </Button>
        )}
      </DialogActions>
    </>
  );
}

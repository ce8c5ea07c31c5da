import { useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { ActionStep, DietPlan, ProJourney, Recommendation } from './reports-api';
import { useScheduleReminderMutation } from './reports-api';
import { DEFAULT_SYMPTOMS, asList, calendarUrl, offersReminder, tomorrowAtNine } from './journey';

const SEVERITY_COLOR = { mild: 'warning', moderate: 'warning', severe: 'error' } as const;
const SEVERITY_SX = {
  mild: { bgcolor: '#fde047', color: '#422006' },
  moderate: { bgcolor: '#fb923c', color: '#431407' },
  severe: { bgcolor: '#e11d48', color: '#fff' },
} as const;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 2.5 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Bullets({ items }: { items: string[] }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {items.map((t) => (
        <Typography component="li" variant="body2" key={t}>
          {t}
        </Typography>
      ))}
    </Box>
  );
}

function StepRow({ step, calendarOn: initialCalendar }: { step: ActionStep; calendarOn: boolean }) {
  const [calendar, setCalendar] = useState(initialCalendar);
  const [reminder, setReminder] = useState(false);
  const [schedule, { isLoading }] = useScheduleReminderMutation();
  const enableCalendar = () => {
    const entry = step.calendarEntry ?? { title: step.step, details: `${step.timing} · ${step.duration}` };
    window.open(calendarUrl(entry.title, entry.details), '_blank', 'noopener');
    setCalendar(true);
  };
  const toggleReminder = async (on: boolean) => {
    if (!on) {
      setReminder(false); // SPEC §4: disabling is local only
      return;
    }
    try {
      await schedule({ type: 'supplement', title: step.step, scheduledFor: tomorrowAtNine().toISOString() }).unwrap();
      setReminder(true);
    } catch (e) {
      // SPEC §8: a scheduling failure is only logged; the switch stays off.
      console.warn('Reminder could not be scheduled', e);
    }
  };
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1.5, p: 1.5 }} data-testid="action-step">
      <Typography sx={{ fontWeight: 600 }}>{step.step}</Typography>
      <Typography variant="body2" color="text.secondary">
        {step.timing} · {step.duration}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {calendar ? (
          <Button size="small" onClick={() => setCalendar(false)}>
            Remove from Calendar
          </Button>
        ) : (
          <Button size="small" variant="outlined" onClick={enableCalendar}>
            Enable Calendar
          </Button>
        )}
        {offersReminder(step.step) && (
          <FormControlLabel
            control={<Switch size="small" checked={reminder} disabled={isLoading} onChange={(_, on) => void toggleReminder(on)} />}
            label="Email reminder"
          />
        )}
      </Stack>
    </Box>
  );
}

function DietPlanView({ plan }: { plan: DietPlan }) {
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2">{plan.summary}</Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Chip label={`${plan.caloriesPerDay} kcal/day`} />
        <Chip variant="outlined" label={`Protein ${plan.macros.protein}%`} />
        <Chip variant="outlined" label={`Carbs ${plan.macros.carbs}%`} />
        <Chip variant="outlined" label={`Fat ${plan.macros.fat}%`} />
        <Chip variant="outlined" label={`For ${plan.recoveryDuration}`} />
      </Stack>
      <Box>
        {plan.dailyPlan.map((day) => (
          <Accordion key={day.day} disableGutters>
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Typography sx={{ fontWeight: 600 }}>{day.day}</Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Stack spacing={1}>
                {day.meals.map((m) => (
                  <Box key={m.meal}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {m.meal}
                      {m.name ? `: ${m.name}` : ''}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {m.items.map((i) => `${i.name} ${i.quantity} ${i.unit}${i.notes ? ` (${i.notes})` : ''}`).join(' · ')}
                    </Typography>
                  </Box>
                ))}
              </Stack>
            </AccordionDetails>
          </Accordion>
        ))}
      </Box>
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          Weekly groceries
        </Typography>
        <Bullets items={plan.weeklyGroceries.map((g) => `${g.item}: ${g.quantity} ${g.unit}`)} />
      </Box>
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          Recipes
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {plan.recipes.map((r) => (
            <li key={r.title}>
              <Link href={r.url} target="_blank" rel="noopener noreferrer" variant="body2">
                {r.title}
              </Link>
            </li>
          ))}
        </Box>
      </Box>
    </Stack>
  );
}

/** Every section of SPEC §2, in order. */
export function JourneySections({ journey, allCalendar }: { journey: ProJourney; allCalendar: boolean }) {
  return (
    <Box>
      <Section title="Current Situation">
        <Typography variant="body2">{journey.currentSituation}</Typography>
      </Section>
      <Section title="What You Might Experience">
        <Typography variant="body2">{journey.symptoms || DEFAULT_SYMPTOMS}</Typography>
      </Section>
      <Section title="How This Affects Your Body">
        <Typography variant="body2">{journey.bodyImpact}</Typography>
      </Section>
      <Section title="Short-Term Risks (1-3 months)">
        <Typography variant="body2">{journey.shortTermRisks}</Typography>
      </Section>
      <Section title="Long-Term Risks (6+ months)">
        <Typography variant="body2">{journey.longTermRisks}</Typography>
      </Section>
      <Section title="Recovery Timeline & Milestones">
        <Typography variant="body2">{journey.recoveryTimeline}</Typography>
        <Bullets items={journey.milestones} />
      </Section>
      {journey.dietPlan && (
        <Section title="Dietary Plan">
          <DietPlanView plan={journey.dietPlan} />
        </Section>
      )}
      <Section title="Your Action Plan">
        <Stack spacing={1}>
          {journey.actionSteps.map((s) => (
            <StepRow key={s.step} step={s} calendarOn={allCalendar} />
          ))}
        </Stack>
      </Section>
      <Section title="Progress Monitoring">
        <Typography variant="body2">{journey.monitoring}</Typography>
      </Section>
      <Section title="Short-Term Plan (Next 2 months)">
        <Bullets items={asList(journey.shortTermPlan)} />
      </Section>
      <Section title="Long-Term Plan (3-6 months)">
        <Bullets items={asList(journey.longTermPlan)} />
        <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
          Milestones
        </Typography>
        <Bullets items={journey.milestones} />
      </Section>
    </Box>
  );
}

/**
 * A Pro journey card (SPEC §2): compact with "View Journey" opening a full-screen view, or
 * inline with "Expand" and "Close".
 */
export function JourneyCard({ rec, variant = 'compact' }: { rec: Recommendation & { proJourney: ProJourney }; variant?: 'compact' | 'inline' }) {
  const [open, setOpen] = useState(false);
  const journey = rec.proJourney;
  const titleId = `journey-${rec.id}`;
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }} data-testid="journey-card">
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>{rec.title}</Typography>
        <Stack direction="row" spacing={1}>
          <Chip size="small" color={SEVERITY_COLOR[journey.severity]} sx={SEVERITY_SX[journey.severity]} label={journey.severity} />
          <Chip size="small" variant="outlined" label={rec.duration} />
        </Stack>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {journey.currentSituation}
      </Typography>
      {variant === 'compact' ? (
        <>
          <Button size="small" variant="contained" sx={{ mt: 1 }} onClick={() => setOpen(true)}>
            View Journey
          </Button>
          <Dialog fullScreen open={open} onClose={() => setOpen(false)} aria-labelledby={titleId}>
            <AppBar position="sticky" color="default" elevation={1}>
              <Toolbar>
                <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1 }}>
                  {rec.title}: your journey
                </Typography>
                <IconButton edge="end" aria-label="Close journey" onClick={() => setOpen(false)}>
                  <CloseIcon />
                </IconButton>
              </Toolbar>
            </AppBar>
            <Container maxWidth="md" sx={{ py: 3 }}>
              <JourneySections journey={journey} allCalendar />
            </Container>
          </Dialog>
        </>
      ) : open ? (
        <Box sx={{ mt: 1.5 }}>
          <JourneySections journey={journey} allCalendar={false} />
          <Button size="small" onClick={() => setOpen(false)}>
            Close
          </Button>
        </Box>
      ) : (
        <Button size="small" sx={{ mt: 1 }} onClick={() => setOpen(true)}>
          Expand
        </Button>
      )}
    </Box>
  );
}

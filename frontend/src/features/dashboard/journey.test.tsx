import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { makeStore } from '../../app/store';
import { api, server } from '../../testing/server';
import { JourneyCard } from './JourneyCard';
import { calendarUrl, offersReminder, tomorrowAtNine } from './journey';
import type { ProJourney, Recommendation } from './reports-api';

const journey: ProJourney = {
  severity: 'moderate',
  currentSituation: 'Your Haemoglobin is 10.6 g/dL, below the reference range of 13–17 g/dL.',
  bodyImpact: 'Haemoglobin carries oxygen.',
  shortTermRisks: 'Fatigue.',
  longTermRisks: 'Heart strain.',
  recoveryTimeline: 'About 3 months.',
  monitoring: 'Repeat the blood count in 6–8 weeks.',
  shortTermPlan: ['Eat iron-rich foods'],
  longTermPlan: 'Keep iron-rich foods in the menu',
  milestones: ['Month 3: haemoglobin in range'],
  actionSteps: [
    { step: 'Take the iron tablet your doctor prescribed', timing: 'Daily', duration: '3 months', calendarEntry: { title: 'Iron tablet', details: 'Daily' } },
    { step: 'Brisk walk', timing: '5 days a week', duration: '30 minutes' },
  ],
  dietPlan: {
    summary: 'An iron-focused vegetarian plan. Meals from: Indian.',
    caloriesPerDay: 2000,
    macros: { protein: 20, carbs: 50, fat: 30 },
    recoveryDuration: '3 months',
    dailyPlan: [{ day: 'Day 1', meals: [{ meal: 'Breakfast', name: 'Ragi dosa with sambar', items: [{ name: 'Ragi flour', quantity: 50, unit: 'g' }] }] }],
    weeklyGroceries: [{ item: 'Ragi flour', quantity: 350, unit: 'g' }],
    recipes: [{ title: 'Ragi dosa', url: 'https://www.google.com/search?q=Ragi+dosa+recipe' }],
  },
};

const rec: Recommendation & { proJourney: ProJourney } = {
  id: 'rec-1',
  title: 'Eat iron-rich foods every day',
  description: 'Dals and greens.',
  type: 'diet',
  duration: '3 months',
  icon: 'utensils',
  testName: 'Haemoglobin',
  proJourney: journey,
};

function renderCard(variant: 'compact' | 'inline' = 'compact') {
  return render(
    <AppProviders store={makeStore()}>
      <JourneyCard rec={rec} variant={variant} />
    </AppProviders>,
  );
}

const SECTIONS = [
  'Current Situation',
  'What You Might Experience',
  'How This Affects Your Body',
  'Short-Term Risks (1-3 months)',
  'Long-Term Risks (6+ months)',
  'Recovery Timeline & Milestones',
  'Dietary Plan',
  'Your Action Plan',
  'Progress Monitoring',
  'Short-Term Plan (Next 2 months)',
  'Long-Term Plan (3-6 months)',
];

describe('journey rules', () => {
  it('offers email reminders only for steps about taking something (SPEC §5)', () => {
    expect(offersReminder('Take vitamin D3 weekly')).toBe(true);
    expect(offersReminder('Ask about an omega-3 capsule')).toBe(true);
    expect(offersReminder('Brisk walk')).toBe(false);
    expect(offersReminder('Repeat the lipid profile')).toBe(false);
  });

  it('puts calendar events on tomorrow', () => {
    const now = new Date(2026, 10, 22, 18, 30);
    expect(tomorrowAtNine(now).getDate()).toBe(23);
    const url = new URL(calendarUrl('Iron tablet', 'Daily', now));
    expect(url.searchParams.get('text')).toBe('Iron tablet');
    const start = tomorrowAtNine(now).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(url.searchParams.get('dates')?.startsWith(start)).toBe(true);
  });
});

describe('a Pro journey card', () => {
  it('opens a full-screen view with every section, the diet plan and all calendars enabled', async () => {
    const user = userEvent.setup();
    renderCard();
    expect(screen.getByText('moderate')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View Journey' }));
    const dialog = await screen.findByRole('dialog');
    for (const title of SECTIONS) {
      expect(within(dialog).getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(within(dialog).getByText(/fatigue or weakness/)).toBeInTheDocument(); // default symptoms text
    expect(within(dialog).getByText('2000 kcal/day')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Ragi dosa' })).toHaveAttribute('href', journey.dietPlan!.recipes[0].url);
    expect(within(dialog).getAllByRole('button', { name: 'Remove from Calendar' })).toHaveLength(2);
    await user.click(within(dialog).getAllByRole('button', { name: 'Remove from Calendar' })[1]);
    expect(within(dialog).getByRole('button', { name: 'Enable Calendar' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close journey' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('expands inline, opens a calendar page for tomorrow and schedules a reminder only where offered', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    let scheduled: Record<string, string> | undefined;
    server.use(
      http.post(api('/reminders/schedule'), async ({ request }) => {
        scheduled = (await request.json()) as Record<string, string>;
        return HttpResponse.json({ ok: true });
      }),
    );
    renderCard('inline');
    await user.click(screen.getByRole('button', { name: 'Expand' }));
    const steps = screen.getAllByTestId('action-step');
    expect(within(steps[1]).queryByLabelText('Email reminder')).not.toBeInTheDocument();
    await user.click(within(steps[0]).getByRole('button', { name: 'Enable Calendar' }));
    expect(open).toHaveBeenCalledWith(expect.stringContaining('calendar.google.com'), '_blank', 'noopener');
    expect(within(steps[0]).getByRole('button', { name: 'Remove from Calendar' })).toBeInTheDocument();

    const reminder = within(steps[0]).getByLabelText('Email reminder');
    await user.click(reminder);
    await waitFor(() => expect(reminder).toBeChecked());
    expect(scheduled).toMatchObject({ type: 'supplement', title: 'Take the iron tablet your doctor prescribed' });
    expect(new Date(scheduled!.scheduledFor).getDate()).toBe(tomorrowAtNine().getDate());
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Expand' })).toBeInTheDocument();
  });

  it('leaves the reminder off when scheduling fails, without breaking the card', async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(http.post(api('/reminders/schedule'), () => HttpResponse.json({ message: 'Not Found' }, { status: 404 })));
    renderCard('inline');
    await user.click(screen.getByRole('button', { name: 'Expand' }));
    const reminder = within(screen.getAllByTestId('action-step')[0]).getByLabelText('Email reminder');
    await user.click(reminder);
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(reminder).not.toBeChecked();
    expect(screen.getByText('Current Situation')).toBeInTheDocument();
  });
});

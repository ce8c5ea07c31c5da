/** Rules of the journey card (SPEC §4, §5), kept apart from the view so they are tested alone. */

/** SPEC §5: email reminders only for steps about taking something. */
const REMINDER_WORDS = /supplement|vitamin|iron|calcium|magnesium|omega|take |tablet|capsule/i;

export function offersReminder(step: string): boolean {
  return REMINDER_WORDS.test(step);
}

/** Tomorrow at 09:00 local time (SPEC §9: step reminders and calendar events are for tomorrow). */
export function tomorrowAtNine(now: Date = new Date()): Date {
  const d = new Date(now);
  d.setDate(d.getDate() + 1);
  d.setHours(9, 0, 0, 0);
  return d;
}

function stamp(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** An external calendar event page for tomorrow, 30 minutes long. */
export function calendarUrl(title: string, details: string, now: Date = new Date()): string {
  const start = tomorrowAtNine(now);
  const end = new Date(start.getTime() + 30 * 60 * 1000);
  const params = new URLSearchParams({ action: 'TEMPLATE', text: title, details, dates: `${stamp(start)}/${stamp(end)}` });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** Plans may be a list or one text (SPEC §3). */
export function asList(v: string[] | string | undefined): string[] {
  if (!v) return [];
  return Array.isArray(v) ? v : [v];
}

export const DEFAULT_SYMPTOMS =
  'You may notice fatigue or weakness, or nothing at all. Tell your doctor about any new or worsening symptoms.';

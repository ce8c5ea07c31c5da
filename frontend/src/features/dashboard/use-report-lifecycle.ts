import { useCallback, useEffect, useState } from 'react';
import type { Report } from './dashboard-api';

/** SPEC §4 and §9 timers. */
export const TIMERS = {
  processingPoll: 1000,
  autoSelectDelay: 500,
  statusPoll: 1000,
  statusPollLimit: 5 * 60 * 1000,
  forcedSelection: 30 * 1000,
  allTimersLimit: 10 * 60 * 1000,
} as const;

const byNewest = (a: Report, b: Report) => Date.parse(b.uploadedAt) - Date.parse(a.uploadedAt);

/** The newest completed report by upload time. */
export function newestCompleted(reports: Report[]): Report | undefined {
  return [...reports].filter((r) => r.status === 'completed').sort(byNewest)[0];
}

export interface ReportLifecycle {
  selectedId: string | null;
  select: (id: string) => void;
  /** The report just uploaded whose status is being polled. */
  awaitingId: string | null;
  /** Polling interval for the dashboard query (0 = off). */
  dashboardInterval: number;
  /** Polling interval for the awaited report's status (0 = off). */
  statusInterval: number;
  /** Call after an upload is accepted. */
  uploaded: (id: string) => void;
  /** Call with the awaited report's status as it is polled. */
  statusSeen: (status: string | undefined) => void;
}

/**
 * The report state machine of SPEC §4: dashboard refetch every 1 s while anything is processing;
 * auto-selection of the newest completed report after 0.5 s; after an upload the selection is
 * cleared and the status polled every 1 s until it leaves processing (for at most 5 minutes),
 * then that report is selected; a forced selection of the newest report every 30 s until it is
 * completed; and every timer stops 10 minutes after the page opened.
 */
export function useReportLifecycle(reports: Report[] | undefined): ReportLifecycle {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [awaiting, setAwaiting] = useState<{ id: string; since: number } | null>(null);
  const [expired, setExpired] = useState(false);
  const [statusExpiredFor, setStatusExpiredFor] = useState<string | null>(null);
  const [forcedDone, setForcedDone] = useState(false);

  useEffect(() => {
    const t = setTimeout(() => setExpired(true), TIMERS.allTimersLimit);
    return () => clearTimeout(t);
  }, []);

  const anyProcessing = reports?.some((r) => r.status === 'processing') ?? false;

  // Auto-select the newest completed report once nothing is processing.
  useEffect(() => {
    if (expired || selectedId || awaiting || anyProcessing || !reports) return;
    const newest = newestCompleted(reports);
    if (!newest) return;
    const t = setTimeout(() => setSelectedId(newest.id), TIMERS.autoSelectDelay);
    return () => clearTimeout(t);
  }, [expired, selectedId, awaiting, anyProcessing, reports]);

  // Status polling of an upload stops after 5 minutes.
  useEffect(() => {
    if (!awaiting) return;
    const t = setTimeout(() => setStatusExpiredFor(awaiting.id), TIMERS.statusPollLimit);
    return () => clearTimeout(t);
  }, [awaiting]);

  // Forced selection of the newest report every 30 s until it is completed.
  useEffect(() => {
    if (expired || forcedDone || !reports || reports.length === 0) return;
    const t = setInterval(() => {
      const newest = [...reports].sort(byNewest)[0];
      if (!newest) return;
      setSelectedId(newest.id);
      if (newest.status === 'completed') setForcedDone(true);
    }, TIMERS.forcedSelection);
    return () => clearInterval(t);
  }, [expired, forcedDone, reports]);

  const uploaded = useCallback((id: string) => {
    setSelectedId(null);
    setForcedDone(false);
    setAwaiting({ id, since: Date.now() });
  }, []);

  const statusSeen = useCallback(
    (status: string | undefined) => {
      if (!awaiting || !status || status === 'processing') return;
      setSelectedId(awaiting.id);
      setAwaiting(null);
    },
    [awaiting],
  );

  return {
    selectedId,
    select: setSelectedId,
    awaitingId: awaiting?.id ?? null,
    dashboardInterval: !expired && anyProcessing ? TIMERS.processingPoll : 0,
    statusInterval: awaiting && !expired && statusExpiredFor !== awaiting.id ? TIMERS.statusPoll : 0,
    uploaded,
    statusSeen,
  };
}

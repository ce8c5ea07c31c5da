import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Report } from './dashboard-api';
import { TIMERS, useReportLifecycle } from './use-report-lifecycle';

const report = (id: string, status: Report['status'], uploadedAt: string): Report => ({ id, fileName: `${id}.pdf`, uploadedAt, status, extractedText: null });

describe('the report state machine (SPEC §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls the dashboard every second while anything is processing, and not otherwise', () => {
    const { result, rerender } = renderHook(({ r }) => useReportLifecycle(r), { initialProps: { r: [report('a', 'processing', '2026-11-22T10:00:00Z')] } });
    expect(result.current.dashboardInterval).toBe(1000);
    rerender({ r: [report('a', 'completed', '2026-11-22T10:00:00Z')] });
    expect(result.current.dashboardInterval).toBe(0);
  });

  it('selects the newest completed report after 0.5 s', () => {
    const reports = [report('old', 'completed', '2026-11-20T10:00:00Z'), report('new', 'completed', '2026-11-22T10:00:00Z'), report('bad', 'failed', '2026-11-23T10:00:00Z')];
    const { result } = renderHook(() => useReportLifecycle(reports));
    act(() => vi.advanceTimersByTime(TIMERS.autoSelectDelay - 1));
    expect(result.current.selectedId).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.selectedId).toBe('new');
  });

  it('after an upload clears the selection, polls the status every second, then selects the report', () => {
    const reports = [report('old', 'completed', '2026-11-20T10:00:00Z')];
    const { result } = renderHook(() => useReportLifecycle(reports));
    act(() => vi.advanceTimersByTime(500));
    expect(result.current.selectedId).toBe('old');
    act(() => result.current.uploaded('fresh'));
    expect(result.current.selectedId).toBeNull();
    expect(result.current.awaitingId).toBe('fresh');
    expect(result.current.statusInterval).toBe(1000);
    act(() => result.current.statusSeen('processing'));
    expect(result.current.awaitingId).toBe('fresh');
    act(() => result.current.statusSeen('completed'));
    expect(result.current.selectedId).toBe('fresh');
    expect(result.current.statusInterval).toBe(0);
  });

  it('stops polling an upload after 5 minutes', () => {
    const { result } = renderHook(() => useReportLifecycle([]));
    act(() => result.current.uploaded('slow'));
    act(() => vi.advanceTimersByTime(TIMERS.statusPollLimit - 1));
    expect(result.current.statusInterval).toBe(1000);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.statusInterval).toBe(0);
  });

  it('forces the newest report into selection every 30 s until it is completed', () => {
    const { result, rerender } = renderHook(({ r }) => useReportLifecycle(r), {
      initialProps: { r: [report('old', 'completed', '2026-11-20T10:00:00Z'), report('new', 'processing', '2026-11-22T10:00:00Z')] },
    });
    act(() => result.current.select('old'));
    act(() => vi.advanceTimersByTime(TIMERS.forcedSelection));
    expect(result.current.selectedId).toBe('new');
    rerender({ r: [report('old', 'completed', '2026-11-20T10:00:00Z'), report('new', 'completed', '2026-11-22T10:00:00Z')] });
    act(() => vi.advanceTimersByTime(TIMERS.forcedSelection));
    act(() => result.current.select('old'));
    act(() => vi.advanceTimersByTime(TIMERS.forcedSelection * 3));
    expect(result.current.selectedId).toBe('old');
  });

  it('stops every timer after 10 minutes', () => {
    const { result } = renderHook(() => useReportLifecycle([report('a', 'processing', '2026-11-22T10:00:00Z')]));
    act(() => result.current.uploaded('b'));
    expect(result.current.dashboardInterval).toBe(1000);
    act(() => vi.advanceTimersByTime(TIMERS.allTimersLimit));
    expect(result.current.dashboardInterval).toBe(0);
    expect(result.current.statusInterval).toBe(0);
  });
});

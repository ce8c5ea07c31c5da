import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { navigation } from '../shared/navigation';
import { renderApp } from '../testing/render';
import { signedIn } from '../testing/server';

describe('visitors', () => {
  it('see the landing page with its hero, six features and both plans', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'AI-Powered Health Report Analysis' })).toBeInTheDocument();
    for (const title of ['Smart Upload & OCR', 'AI Analysis', 'Health Recommendations', 'Follow-up Tracking', 'PDF Reports', 'Secure & Private']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { name: 'Choose Your Plan' })).toBeInTheDocument();
    expect(screen.getByText('Most Popular')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Pro Trial' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Get Started Today' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toContain('Health Tracker Pro'));
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${window.location.origin}/`);
  });

  it('are sent to /api/login by every sign-in button', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    renderApp('/');
    const user = userEvent.setup();
    const buttons = [
      ...(await screen.findAllByRole('button', { name: 'Sign In with Google' })),
      ...screen.getAllByRole('button', { name: 'Get Started Free' }),
      screen.getByRole('button', { name: 'Start Pro Trial' }),
    ];
    for (const b of buttons) await user.click(b);
    expect(assign).toHaveBeenCalledTimes(buttons.length);
    expect(new Set(assign.mock.calls.map((c) => c[0]))).toEqual(new Set(['/api/login']));
  });

  it('on a protected page are told they are logged out and sent to sign in after 0.5 s', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    renderApp('/dashboard');
    expect(await screen.findByText('You are logged out. Logging in again...')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/login?returnTo=%2Fdashboard'), { timeout: 2000 });
  });
});

describe('signed-in users', () => {
  it('see the welcome banner with their first name and the four tiles from the dashboard', async () => {
    signedIn({}, { stats: { reportsCount: 3, abnormalCount: 5, followUpCount: 2 }, reports: [] });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome, Asha' })).toBeInTheDocument();
    // The tiles render before the dashboard query answers; wait for its figures.
    await waitFor(() => expect(screen.getByLabelText('Reports Uploaded')).toHaveTextContent('3'));
    expect(screen.getByLabelText('Abnormal Values')).toHaveTextContent('5');
    expect(screen.getByLabelText('Follow-ups')).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: 'Manage' })).toHaveAttribute('href', '/prescriptions');
    expect(screen.getByText('FREE')).toBeInTheDocument();
    expect(screen.getByText(/No reports yet/)).toBeInTheDocument();
  });

  it('see User when no first name is known, and the e-mail initial in the avatar', async () => {
    signedIn({ firstName: null, email: 'zoya@example.in' });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, User' })).toBeInTheDocument();
    expect(within(screen.getByRole('button', { name: 'Profile menu' })).getByText('Z')).toBeInTheDocument();
  });

  it('see a PRO badge when they are Pro', async () => {
    signedIn({ isPro: true });
    renderApp('/dashboard');
    expect(await screen.findByText('PRO')).toBeInTheDocument();
  });

  it('log out from the profile menu', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    signedIn();
    renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Profile menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(assign).toHaveBeenCalledWith('/api/logout');
  });

  it('get the Page Not Found page on an unknown path', async () => {
    signedIn();
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toContain('Page Not Found'));
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });

  it('list their reports with the failure reason of a failed one', async () => {
    signedIn({}, {
      stats: { reportsCount: 1, abnormalCount: 0, followUpCount: 0 },
      reports: [{ id: 'r1', fileName: 'cbc.pdf', uploadedAt: '2026-11-20T10:00:00Z', status: 'failed', extractedText: 'This file could not be read: encrypted PDF' }],
    });
    renderApp('/dashboard');
    expect(await screen.findByText('cbc.pdf')).toBeInTheDocument();
    expect(screen.getByText('This file could not be read: encrypted PDF')).toBeInTheDocument();
    expect(screen.getByText('failed')).toBeInTheDocument();
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { navigation } from '../../shared/navigation';
import { renderApp } from '../../testing/render';
import { api, server, signedIn } from '../../testing/server';
import { authApi } from '../../api/auth-api';
import { AppProviders } from '../../app/AppProviders';
import { makeStore } from '../../app/store';
import { PRO_BENEFITS, usePaymentToast } from './Upgrade';

function Probe() {
  usePaymentToast();
  return <span data-testid="search">{useLocation().search}</span>;
}

describe('upgrading', () => {
  it('opens the Upgrade to Pro dialog from the bar and sends the browser to the payment start', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    signedIn({ isPro: false });
    renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Upgrade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Pro' });
    for (const b of PRO_BENEFITS) expect(within(dialog).getByText(b)).toBeInTheDocument();
    expect(PRO_BENEFITS).toHaveLength(6);
    expect(within(dialog).getByText('Secure payment processing. Cancel anytime.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₹10 Now' }));
    expect(assign).toHaveBeenCalledWith('/api/payment/initiate');
    expect(within(dialog).getByRole('button', { name: 'Redirecting to Payment...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Maybe Later' })).toBeDisabled();
  });

  it('shows the sidebar Upgrade card to Free users only', async () => {
    signedIn({ isPro: false });
    const free = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Upgrade to Pro' })).toBeInTheDocument();
    free.unmount();
    signedIn({ isPro: true });
    renderApp('/dashboard');
    expect(await screen.findByText('PRO')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Upgrade to Pro' })).not.toBeInTheDocument();
  });

  it('replaces the drop zone with the Upload Limit Reached card after 10 free uploads', async () => {
    signedIn({ isPro: false, uploadsUsed: 10 });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Upload Limit Reached' })).toBeInTheDocument();
    expect(screen.getByText("You've used all your free uploads for this month.")).toBeInTheDocument();
  });

  it.each([
    ['success', 'Payment Successful!', 'Welcome to Health Tracker Pro! All premium features are now unlocked.'],
    ['failed', 'Payment Failed', 'Your payment could not be processed. Please try again.'],
    ['error', 'Payment Error', 'There was an error processing your payment. Please contact support.'],
  ])('shows the payment=%s toast and clears the parameter', async (value, title, description) => {
    let userCalls = 0;
    server.use(
      http.get(api('/auth/user'), () => {
        userCalls += 1;
        return HttpResponse.json({ id: 'u1', email: 'asha@example.in', firstName: 'Asha', isPro: true, uploadsUsed: 0 });
      }),
    );
    const store = makeStore();
    // Load the user once, as the signed-in page has before the hook runs.
    await store.dispatch(authApi.endpoints.getUser.initiate());
    expect(userCalls).toBe(1);
    render(
      <AppProviders store={store}>
        <MemoryRouter initialEntries={[`/dashboard?payment=${value}&tab=1`]}>
          <Probe />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent(/^\?tab=1$/));
    if (value === 'success') await waitFor(() => expect(userCalls).toBe(2));
    else expect(userCalls).toBe(1);
  });
});

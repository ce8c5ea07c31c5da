import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { makeStore } from '../../app/store';
import { navigation } from '../../shared/navigation';
import { api, server } from '../../testing/server';
import { DoctorsPanel } from './DoctorsPanel';

const doctor = (name: string, location: string) => ({
  name,
  specialty: 'Haematologist',
  address: `12 MG Road, ${location}`,
  phone: '+91 80 1234 5678',
  location,
});

/** Answers the region and the doctors; records each doctors query string. */
function serve(region: 'IN' | 'US' | 'OTHER', doctors: ReturnType<typeof doctor>[] = [], status = 200) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(api('/compliance/info'), () => HttpResponse.json({ detectedRegion: region })),
    http.get(api('/reports/r1/doctors'), ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return status === 200
        ? HttpResponse.json({ doctors, specialties: ['Haematologist'], reasoning: 'Your report shows: Haemoglobin is low (severe).' })
        : HttpResponse.json({ message: 'Failed to fetch doctor recommendations' }, { status });
    }),
  );
  return queries;
}

function renderPanel(reportId: string | null = 'r1') {
  return render(
    <AppProviders store={makeStore()}>
      <DoctorsPanel reportId={reportId} />
    </AppProviders>,
  );
}

describe('the doctors panel (SPEC §2, §5)', () => {
  it('asks for a report first', () => {
    renderPanel(null);
    expect(screen.getByText('Select a report to see doctor recommendations')).toBeInTheDocument();
  });

  it('shows the specialties, the reasoning and the doctors of an Indian region, with a web search for each', async () => {
    serve('IN', [doctor('Dr. Kavya Rao', 'Bengaluru')]);
    renderPanel();
    expect(await screen.findByText('Dr. Kavya Rao')).toBeInTheDocument();
    expect(screen.getByText('Why these specialists?')).toBeInTheDocument();
    expect(screen.getByText('Your report shows: Haemoglobin is low (severe).')).toBeInTheDocument();
    const search = screen.getByRole('link', { name: 'Search for Dr. Kavya Rao' });
    expect(search).toHaveAttribute('href', 'https://www.google.com/search?q=Dr.%20Kavya%20Rao%20Haematologist');
    expect(search).toHaveAttribute('target', '_blank');
    expect(search).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('shows three loading placeholders while the doctors load', async () => {
    server.use(
      http.get(api('/compliance/info'), () => HttpResponse.json({ detectedRegion: 'IN' })),
      http.get(api('/reports/r1/doctors'), async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    renderPanel();
    const loading = await screen.findByRole('progressbar', { name: 'Loading doctor recommendations' });
    expect(loading.children).toHaveLength(3);
  });

  it('says no doctors were found when the list is empty', async () => {
    serve('IN', []);
    renderPanel();
    expect(await screen.findByText('No doctors found in your area')).toBeInTheDocument();
  });

  it('shows the error with a Retry that reloads the page', async () => {
    const reload = vi.spyOn(navigation, 'reload').mockImplementation(() => {});
    serve('IN', [], 500);
    renderPanel();
    expect(await screen.findByText('Unable to load doctor recommendations')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalled();
  });

  it('outside India asks for the location first, then looks near the shared position', async () => {
    const queries = serve('US', [doctor('Dr. Ann Lee', 'Austin')]);
    let answer: PositionCallback | undefined;
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition: (ok: PositionCallback) => { answer = ok; } },
    });
    renderPanel();
    expect(await screen.findByText('We need your location to find nearby doctors')).toBeInTheDocument();
    expect(queries).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Share Location' }));
    expect(screen.getByRole('status')).toHaveTextContent('Requesting permission…');
    act(() => answer!({ coords: { latitude: 30.27, longitude: -97.74 } } as GeolocationPosition));
    expect(await screen.findByText('Dr. Ann Lee')).toBeInTheDocument();
    expect(queries).toHaveLength(1);
    expect(queries[0].get('latitude')).toBe('30.27');
    expect(queries[0].get('longitude')).toBe('-97.74');
  });

  it('keeps only the doctors in the preferred city, whichever name it goes by', async () => {
    localStorage.setItem('proUserPrefs', JSON.stringify({ dietType: 'veg', cuisines: [], state: 'Karnataka', city: 'Bengaluru' }));
    const queries = serve('US', [doctor('Dr. Kavya Rao', 'Bangalore'), doctor('Dr. Arjun Shah', 'Mumbai'), doctor('Dr. Meera Nair', 'bengaluru')]);
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Doctors near you' });
    expect(within(list).getByText('Dr. Kavya Rao')).toBeInTheDocument();
    expect(within(list).getByText('Dr. Meera Nair')).toBeInTheDocument();
    expect(within(list).queryByText('Dr. Arjun Shah')).not.toBeInTheDocument();
    expect(queries[0].get('city')).toBe('Bengaluru');
    expect(queries[0].get('state')).toBe('Karnataka');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render';
import { api, server, signedIn } from '../../testing/server';

const notice = {
  region: 'IN',
  version: 'IN-2026-11-22',
  title: 'Consent under the DPDP Act',
  law: 'Digital Personal Data Protection Act, 2023',
  sections: [{ heading: 'Why we need your consent', body: 'We process health data only with consent.' }],
};

function complianceHandlers(onConsent: () => void = () => {}) {
  server.use(
    http.get(api('/compliance/info'), () => HttpResponse.json({ detectedRegion: 'IN' })),
    http.get(api('/compliance/notice'), () => HttpResponse.json(notice)),
    http.post(api('/compliance/india/consent'), () => {
      onConsent();
      return HttpResponse.json({ message: 'Consent granted', region: 'IN' }, { status: 201 });
    }),
  );
}

const pdf = () => new File(['%PDF-1.4 report'], 'cbc.pdf', { type: 'application/pdf' });

async function dropAndConsent(file: File = pdf()) {
  const user = userEvent.setup({ applyAccept: false });
  await user.upload(await screen.findByTestId('upload-input'), file);
  const dialog = await screen.findByRole('dialog');
  expect(await within(dialog).findByText('Consent under the DPDP Act')).toBeInTheDocument();
  const grant = within(dialog).getByRole('button', { name: 'Grant Consent & Continue' });
  const boxes = within(dialog).getAllByRole('checkbox');
  expect(boxes).toHaveLength(3);
  for (const box of boxes) {
    expect(grant).toBeDisabled();
    await user.click(box);
  }
  expect(grant).toBeEnabled();
  await user.click(grant);
  return user;
}

describe('uploading a report', () => {
  it('asks for consent on a drop, then sends the file and the diet preference', async () => {
    signedIn();
    let consents = 0;
    complianceHandlers(() => (consents += 1));
    let sent: { size: number; diet: string } | null = null;
    server.use(
      http.post(api('/upload'), async ({ request }) => {
        const form = await request.formData();
        const file = form.get('healthReport') as File;
        // jsdom's FormData loses the file name on its way through fetch (a real browser keeps
        // it; the Playwright test uploads a named file to the real server).
        sent = { size: file.size, diet: String(form.get('dietPreference')) };
        return HttpResponse.json({ reportId: 'r1', id: 'r1' }, { status: 201 });
      }),
      http.get(api('/reports/r1/status'), () => HttpResponse.json({ status: 'processing' })),
    );
    localStorage.setItem('dietPreference', 'veg');
    renderApp('/');
    await dropAndConsent();
    expect(await screen.findByText('Upload successful')).toBeInTheDocument();
    expect(screen.getByText('Your health report is being processed...')).toBeInTheDocument();
    expect(consents).toBe(1);
    expect(sent).toEqual({ size: '%PDF-1.4 report'.length, diet: 'veg' });
    localStorage.clear();
  });

  it('reopens the consent dialog and keeps the file when the server asks for consent', async () => {
    signedIn();
    complianceHandlers();
    const sizes: number[] = [];
    server.use(
      http.post(api('/upload'), async ({ request }) => {
        sizes.push(((await request.formData()).get('healthReport') as File).size);
        if (sizes.length === 1) {
          return HttpResponse.json({ message: 'DPDP_CONSENT_REQUIRED: Please grant consent', code: 'BAD_REQUEST' }, { status: 400 });
        }
        return HttpResponse.json({ reportId: 'r2', id: 'r2' }, { status: 201 });
      }),
      http.get(api('/reports/r2/status'), () => HttpResponse.json({ status: 'processing' })),
    );
    renderApp('/');
    const user = await dropAndConsent();
    const dialog = await screen.findByRole('dialog');
    for (const box of within(dialog).getAllByRole('checkbox')) await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Grant Consent & Continue' }));
    expect(await screen.findByText('Upload successful')).toBeInTheDocument();
    expect(sizes).toEqual(['%PDF-1.4 report'.length, '%PDF-1.4 report'.length]);
  });

  it.each([
    [409, 'File already uploaded', 'This file has already been processed. You can view the results by clicking on the existing report.'],
    [403, 'Upload limit reached', 'Upgrade to Pro for unlimited uploads.'],
    [400, 'Invalid file', 'Invalid file type: Please select a PDF, JPG, or PNG file.'],
    [500, 'Upload failed', 'Something went wrong'],
  ])('shows the SPEC toast for a %i', async (status, title, description) => {
    signedIn();
    complianceHandlers();
    server.use(http.post(api('/upload'), () => HttpResponse.json({ message: description }, { status })));
    renderApp('/');
    await dropAndConsent();
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
  });

  it('refuses a wrong type or an oversized file before asking for consent', async () => {
    signedIn();
    complianceHandlers();
    renderApp('/');
    const user = userEvent.setup({ applyAccept: false });
    const input = await screen.findByTestId('upload-input');
    await user.upload(input, new File(['GIF89a'], 'scan.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Invalid file type')).toBeInTheDocument();
    expect(screen.getByText('Please select a PDF, JPG, or PNG file.')).toBeInTheDocument();
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
    await user.upload(input, big);
    expect(await screen.findByText('File too large')).toBeInTheDocument();
    expect(screen.getByText('Please select a file smaller than 10MB.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('a completed report', () => {
  it('is selected and shows abnormal values with severity, recommendations, follow-ups and specialists', async () => {
    signedIn({}, {
      stats: { reportsCount: 1, abnormalCount: 1, followUpCount: 1 },
      reports: [{ id: 'r9', fileName: 'cbc.pdf', uploadedAt: '2026-11-20T10:00:00Z', status: 'completed', extractedText: null }],
    });
    server.use(
      http.get(api('/reports/r9/details'), () =>
        HttpResponse.json({
          status: 'completed',
          abnormalResults: [
            { id: 'a1', testName: 'Haemoglobin', canonical: 'haemoglobin', value: '10.6', unit: 'g/dL', referenceRangeMin: 12, referenceRangeMax: 15.5, abnormalType: 'low', severity: 'severe', testDate: '2026-11-20' },
          ],
          recommendations: [
            { id: 'rec-1', title: 'Eat iron-rich foods every day', description: 'Dals and greens.', type: 'diet', duration: '3 months', icon: 'utensils', testName: 'Haemoglobin' },
          ],
          followUps: [{ id: 'f1', testName: 'Complete blood count', dueDate: '2027-02-18', status: 'pending' }],
          upgradeSuggestion: { signalCount: 1 },
        }),
      ),
      http.get(api('/compliance/info'), () => HttpResponse.json({ detectedRegion: 'IN' })),
      http.get(api('/reports/r9/doctors'), () =>
        HttpResponse.json({ doctors: [], specialties: ['General Physician'], reasoning: 'Your report shows: Haemoglobin is low (severe).' }),
      ),
    );
    renderApp('/');
    const item = await screen.findByTestId('abnormal-result');
    expect(within(item).getByText('Haemoglobin')).toBeInTheDocument();
    expect(within(item).getByText('severe')).toBeInTheDocument();
    expect(within(item).getByRole('img', { name: 'Haemoglobin on its reference scale' })).toBeInTheDocument();
    expect(item).toHaveTextContent('10.6 g/dL (low) · normal 12–15.5 g/dL');
    expect(screen.getByText('Eat iron-rich foods every day')).toBeInTheDocument();
    expect(screen.getByText('3 months')).toBeInTheDocument();
    expect(screen.getByText('Complete blood count')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Why these specialists?')).toBeInTheDocument());
    expect(screen.getByText('General Physician')).toBeInTheDocument();
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderWithProviders, stubFetch } from '@/test/render';
import BookingCheckPage from './BookingCheckPage';

const route = '/booking/ALN-2026-00042?code=secret-code-123';
const path = '/booking/:reference';

describe('the booking check page', () => {
  it('asks the server with the reference and the code and shows a confirmed room stay', async () => {
    const calls = stubFetch(
      json({ reference: 'ALN-2026-00042', kind: 'room', status: 'confirmed', date: '2026-12-01', end_date: '2026-12-03', time: null, first_name: 'सुरेश' }),
    );
    renderWithProviders(<BookingCheckPage />, { route, path });
    expect(await screen.findByText('Confirmed')).toBeInTheDocument();
    const url = new URL(calls[0].url);
    expect(url.pathname).toBe('/api/bookings/verify/ALN-2026-00042');
    expect(url.searchParams.get('code')).toBe('secret-code-123');
    expect(screen.getByText('Alandi Room Booking')).toBeInTheDocument();
    expect(screen.getByText('1 Dec 2026')).toBeInTheDocument();
    expect(screen.getByText('3 Dec 2026')).toBeInTheDocument();
    expect(screen.getByText('सुरेश')).toBeInTheDocument();
  });

  it('says cancelled in Marathi for a cancelled puja with its time', async () => {
    stubFetch(json({ reference: 'MRK-2026-00001', kind: 'markandeya', status: 'cancelled', date: '2026-12-05', end_date: null, time: '07:30', first_name: 'Asha' }));
    renderWithProviders(<BookingCheckPage />, { route: '/booking/MRK-2026-00001?code=x', path, lng: 'mr' });
    expect(await screen.findByText('रद्द')).toBeInTheDocument();
    expect(screen.getByText('मार्कंडेय अभिषेक')).toBeInTheDocument();
    // The date and the time as Marathi writes them (Devanagari digits, the part of the day
    // instead of a Latin AM), like the rest of the site.
    expect(screen.getByText('५ डिसें, २०२६')).toBeInTheDocument();
    expect(screen.getByText('सकाळी ७:३०')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/AM|PM/);
    expect(screen.queryByText('प्रस्थान दिनांक')).toBeNull();
  });

  it('says no booking was found for a wrong code', async () => {
    stubFetch(json({ error: 'Not found' }, 404));
    renderWithProviders(<BookingCheckPage />, { route, path });
    expect(await screen.findByRole('alert')).toHaveTextContent('No booking found for this reference and code.');
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubFetch } from '@/test/render';
import { FakeWebSocket } from '@/test/fakeWebSocket';
import { UpdatesBanner } from './UpdatesBanner';

const note = (id: number, message: string) => ({ id, message, created_at: '2026-01-01T00:00:00Z' });

describe('UpdatesBanner', () => {
  beforeEach(() => FakeWebSocket.install());

  it('shows the label and the first notification of the list', async () => {
    const calls = stubFetch(json([note(2, 'Newest: Ganeshotsav on Sunday'), note(1, 'Older news')]));
    renderWithProviders(<UpdatesBanner />);
    expect(screen.getByRole('heading', { name: 'Updates & Notifications' })).toBeInTheDocument();
    expect(await screen.findByText('Newest: Ganeshotsav on Sunday')).toBeInTheDocument();
    expect(screen.queryByText('Older news')).not.toBeInTheDocument();
    expect(new URL(calls[0].url).pathname).toBe('/notifications');
  });

  it('says "No notifications available." for an empty list, in Marathi too', async () => {
    stubFetch(json([]));
    renderWithProviders(<UpdatesBanner />, { lng: 'mr' });
    expect(await screen.findByText('सध्या कोणत्याही सूचना उपलब्ध नाहीत.')).toBeInTheDocument();
  });

  it('treats a failure as no notification', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(new TypeError('Failed to fetch'));
    renderWithProviders(<UpdatesBanner />);
    expect(await screen.findByText('No notifications available.')).toBeInTheDocument();
  });

  it('refetches when the server signals notification_updated, without a reload', async () => {
    const answers = [json([note(1, 'First message')]), json([note(2, 'Edited message')])];
    const calls = stubFetch(() => answers.shift() ?? json([]));
    renderWithProviders(<UpdatesBanner />);
    expect(await screen.findByText('First message')).toBeInTheDocument();

    const socket = FakeWebSocket.instances.at(-1)!;
    expect(socket.url).toBe(`ws://${window.location.host}/ws`);
    act(() => socket.open());
    act(() => socket.receive({ type: 'profileUploaded', id: 3 }));
    expect(calls).toHaveLength(1);
    act(() => socket.receive({ type: 'notification_updated' }));
    expect(await screen.findByText('Edited message')).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(2));

    act(() => socket.receive({ type: 'notification_updated' }));
    expect(await screen.findByText('No notifications available.')).toBeInTheDocument();
  });
});

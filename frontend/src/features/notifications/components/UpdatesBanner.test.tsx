import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubFetch } from '@/test/render';
import { FakeWebSocket } from '@/test/fakeWebSocket';
import { UpdatesBanner } from './UpdatesBanner';

const note = (id: number, message: string) => ({ id, message, ends_on: null, created_at: '2026-01-01T00:00:00Z' });

describe('UpdatesBanner', () => {
  beforeEach(() => FakeWebSocket.install());

  it('shows the label and the first notification of the list', async () => {
    const calls = stubFetch(json([note(2, 'Newest: Ganeshotsav on Sunday'), note(1, 'Older news')]));
    renderWithProviders(<UpdatesBanner />);
    expect(screen.getByRole('heading', { name: 'Updates & Notifications' })).toBeInTheDocument();
    expect(await screen.findByText('Newest: Ganeshotsav on Sunday')).toBeInTheDocument();
    expect(screen.queryByText('Older news')).not.toBeInTheDocument();
    expect(new URL(calls[0].url).pathname).toBe('/notifications');
    expect(new URL(calls[0].url).searchParams.get('lng')).toBe('en');
  });

  it('asks for the notifications in the page\'s language, and again in the other one after a switch', async () => {
    const calls = stubFetch(() => {
      const lng = new URL(calls.at(-1)!.url).searchParams.get('lng');
      return json([note(1, lng === 'mr' ? 'सायंकाळी ७ वाजता आरती' : 'Aarti at 7 pm')]);
    });
    const { i18n } = renderWithProviders(<UpdatesBanner />, { lng: 'mr' });
    expect(await screen.findByText('सायंकाळी ७ वाजता आरती')).toBeInTheDocument();
    expect(new URL(calls[0].url).searchParams.get('lng')).toBe('mr');

    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('Aarti at 7 pm')).toBeInTheDocument();
    expect(screen.queryByText('सायंकाळी ७ वाजता आरती')).not.toBeInTheDocument();
    expect(calls.map((call) => new URL(call.url).searchParams.get('lng'))).toEqual(['mr', 'en']);
  });

  it('keeps the answer of the language now shown when an older answer arrives late', async () => {
    let answerMarathi: (response: Response) => void = () => {};
    const calls: Request[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      calls.push(request);
      if (new URL(request.url).searchParams.get('lng') === 'mr') return new Promise<Response>((resolve) => (answerMarathi = resolve));
      return json([note(1, 'Aarti at 7 pm')]);
    }) as typeof fetch;
    const { i18n } = renderWithProviders(<UpdatesBanner />, { lng: 'mr' });
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('Aarti at 7 pm')).toBeInTheDocument();
    await act(async () => answerMarathi(json([note(1, 'सायंकाळी ७ वाजता आरती')])));
    expect(screen.getByText('Aarti at 7 pm')).toBeInTheDocument();
    expect(screen.queryByText('सायंकाळी ७ वाजता आरती')).not.toBeInTheDocument();
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

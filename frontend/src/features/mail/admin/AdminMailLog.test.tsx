import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderAt, type Handler } from '@/test/adminRender';
import AdminMailLog from './AdminMailLog';
import type { MailMessage, MailStatus } from './api';

const status: MailStatus = { configured: true, from: 'samiti@example.org', rate_per_minute: 30, waiting: 3, sending: 1, sent: 120, failed: 2 };

const message = (id: number, over: Partial<MailMessage> = {}): MailMessage => ({
  id,
  kind: 'update',
  recipient: `person${id}@example.org`,
  lang: 'en',
  subject: `Diwali programme ${id}`,
  status: 'sent',
  attempts: 1,
  last_error: null,
  update_id: 4,
  created_at: '2026-11-01T04:30:00Z',
  next_attempt_at: '2026-11-01T04:30:00Z',
  sent_at: '2026-11-01T04:31:00Z',
  ...over,
});

const failed = message(3, {
  kind: 'booking',
  recipient: 'guest@example.org',
  subject: 'Your booking ALD-12',
  status: 'failed',
  attempts: 5,
  last_error: '550 mailbox unavailable',
  sent_at: null,
});
const waiting = message(2, { kind: 'confirmation', lang: 'mr', subject: 'कृपया निश्चित करा', status: 'waiting', attempts: 2, sent_at: null, next_attempt_at: '2026-11-01T05:00:00Z' });

function server(routes: Record<string, Handler> = {}) {
  return mockFetch({
    'GET /api/admin/mail': () => json(status),
    'GET /api/admin/mail/messages': () => json([failed, waiting, message(1)], { total: 3 }),
    ...routes,
  });
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

beforeEach(() => localStorage.setItem('adminToken', 'tok'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/admin/dashboard/mail', () => {
  it('shows the outbox\'s counts, the sender and its rate', async () => {
    server();
    renderAt(<AdminMailLog />);
    expect(screen.getByRole('heading', { level: 1, name: 'Send log' })).toBeInTheDocument();
    const outbox = screen.getByRole('region', { name: 'Outbox' });
    await waitFor(() => expect(within(outbox).getAllByRole('listitem')).toHaveLength(3));
    // Waiting counts the messages being sent too.
    expect(within(outbox).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['○Waiting4', '✓Sent120', '✕Failed2']);
    expect(outbox).toHaveTextContent('Sent from samiti@example.org, at most 30 messages a minute.');
    expect(screen.queryByText('Mail is not configured: nothing is sent.')).not.toBeInTheDocument();
  });

  it('lists each message: recipient, subject, kind, status in words, attempts, last error and dates; newest first', async () => {
    const calls = server();
    renderAt(<AdminMailLog />);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

    expect(cells(await rowOf('Your booking ALD-12'))).toEqual([
      'guest@example.orgIn English',
      'Your booking ALD-12Booking confirmation',
      '✕FailedAttempts: 5Last error: 550 mailbox unavailable',
      expect.stringMatching(/^Written: 1 Nov 2026, 10:00/),
      'Send again',
    ]);
    const second = (await screen.findByText('कृपया निश्चित करा')).closest('tr')!;
    expect(cells(second).slice(0, 3)).toEqual(['person2@example.orgIn Marathi', 'कृपया निश्चित कराSubscription confirmation', '○WaitingAttempts: 2']);
    expect(cells(second)[3]).toMatch(/Next attempt: 1 Nov 2026, 10:30/);
    expect(within(second).getByText('कृपया निश्चित करा')).toHaveAttribute('lang', 'mr');
    expect(within(await rowOf('Your booking ALD-12')).getByText('550 mailbox unavailable')).toHaveAttribute('lang', 'en');
    expect(cells((await screen.findByText('Diwali programme 1')).closest('tr')!)[3]).toMatch(/Sent: 1 Nov 2026, 10:01/);

    // The status is a word in a colour, never the colour alone.
    expect(within(await rowOf('Your booking ALD-12')).getByText('Failed').className).toMatch(/failed/);
    expect(screen.getByRole('columnheader', { name: /Dates/ })).toHaveAttribute('aria-sort', 'descending');
    expect(calls.calls('GET', '/api/admin/mail/messages')[0].url.searchParams.get('sort')).toBe('-created_at');
  });

  it('filters by status and by kind, and searches', async () => {
    const user = userEvent.setup();
    const calls = server();
    renderAt(<AdminMailLog />);
    await rowOf('Your booking ALD-12');
    const last = () => calls.calls('GET', '/api/admin/mail/messages').at(-1)!.url.searchParams;
    expect(last().has('status')).toBe(false);
    expect(last().has('kind')).toBe(false);

    await user.selectOptions(screen.getByLabelText('Status'), 'Failed');
    await waitFor(() => expect(last().get('status')).toBe('failed'));
    await user.selectOptions(screen.getByLabelText('Kind'), 'Update to subscribers');
    await waitFor(() => expect(last().get('kind')).toBe('update'));
    expect(last().get('status')).toBe('failed');
    expect(last().get('page')).toBe('1');

    await user.type(screen.getByRole('searchbox'), 'guest');
    await waitFor(() => expect(last().get('q')).toBe('guest'));
    expect(last().get('kind')).toBe('update');

    await user.selectOptions(screen.getByLabelText('Status'), 'All');
    await waitFor(() => expect(last().has('status')).toBe(false));
  });

  it('offers "Send again" on a failed message only, and queues it again', async () => {
    const user = userEvent.setup();
    const calls = server({ 'POST /api/admin/mail/messages/:id/retry': (_request, _url, params) => json({ ...failed, id: Number(params.id), status: 'waiting' }) });
    renderAt(<AdminMailLog />);
    const row = await rowOf('Your booking ALD-12');
    expect(within(await rowOf('Diwali programme 1')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(await rowOf('कृपया निश्चित करा')).queryByRole('button')).not.toBeInTheDocument();
    const lists = calls.calls('GET', '/api/admin/mail/messages').length;
    const counts = calls.calls('GET', '/api/admin/mail').length;

    await user.click(within(row).getByRole('button', { name: 'Send again: guest@example.org' }));
    expect(await screen.findByText('The message to guest@example.org will be sent again.')).toBeInTheDocument();
    expect(calls.calls('POST', '/api/admin/mail/messages/3/retry')).toHaveLength(1);
    // The list and the counts are asked again.
    await waitFor(() => expect(calls.calls('GET', '/api/admin/mail/messages').length).toBe(lists + 1));
    expect(calls.calls('GET', '/api/admin/mail').length).toBe(counts + 1);
  });

  it('says why a message cannot be sent again (409)', async () => {
    const user = userEvent.setup();
    server({ 'POST /api/admin/mail/messages/:id/retry': () => json({ error: 'Only a failed message can be sent again' }, { status: 409 }) });
    renderAt(<AdminMailLog />);
    await user.click(within(await rowOf('Your booking ALD-12')).getByRole('button', { name: 'Send again: guest@example.org' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only a failed message can be sent again');
  });

  it('says when mail is not configured, with the settings that set it up', async () => {
    server({ 'GET /api/admin/mail': () => json({ configured: false, from: null, rate_per_minute: null, waiting: 0, sending: 0, sent: 0, failed: 0 }) });
    renderAt(<AdminMailLog />);
    expect(await screen.findByText('Mail is not configured: nothing is sent.')).toBeInTheDocument();
    expect(screen.getByText('SAMITI_SMTP_URL')).toBeInTheDocument();
    expect(screen.getByText('SAMITI_MAIL_FROM')).toBeInTheDocument();
    expect(screen.queryByText(/Sent from/)).not.toBeInTheDocument();
  });

  it('says when the counts or the list could not be loaded, and tries again', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    server({
      'GET /api/admin/mail': () => (fail ? json({ error: 'Internal server error' }, { status: 500 }) : json(status)),
      'GET /api/admin/mail/messages': () => (fail ? json({ error: 'Internal server error' }, { status: 500 }) : json([failed], { total: 1 })),
    });
    renderAt(<AdminMailLog />);
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    fail = false;
    for (const problem of screen.getAllByRole('alert')) await user.click(within(problem).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your booking ALD-12')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByRole('region', { name: 'Outbox' })).toHaveTextContent('Sent120');
  });

  it('says when no message matches the filters, or none was written yet', async () => {
    const user = userEvent.setup();
    server({ 'GET /api/admin/mail/messages': () => json([], { total: 0 }) });
    renderAt(<AdminMailLog />);
    expect(await screen.findByText('No e-mail has been written yet.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Kind'), 'Test message');
    expect(await screen.findByText('No messages match the filters.')).toBeInTheDocument();
  });
});

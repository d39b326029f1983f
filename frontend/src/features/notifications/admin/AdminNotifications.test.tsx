import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, noContent, renderAt } from '@/test/adminRender';
import { FakeWebSocket } from '@/test/fakeWebSocket';
import { todayInIndia } from '@/lib/validation';
import AdminNotifications from './AdminNotifications';

type Row = { id: number; message: string; message_mr: string | null; ends_on: string | null; created_at: string };
type Body = { message: string; message_mr?: string; ends_on?: string };

/** A notifications server keeping its rows in memory, newest first; `initial` as English texts or whole rows. */
function notificationServer(initial: Array<string | Partial<Row>> = []) {
  let nextId = 1;
  let rows: Row[] = initial
    .map((given) => ({
      id: nextId++,
      message: '',
      message_mr: null,
      ends_on: null,
      created_at: '2025-06-01T10:00:00+05:30',
      ...(typeof given === 'string' ? { message: given } : given),
    }))
    .reverse();
  const fromBody = (body: Body) => ({ message: body.message, message_mr: body.message_mr ?? null, ends_on: body.ends_on ?? null });
  return mockFetch({
    // Administrators list every notification with both texts; the public list is not asked.
    'GET /api/admin/notifications': () => json(rows, { total: rows.length }),
    'POST /notifications': async (request) => {
      const row = { id: nextId++, ...fromBody((await request.json()) as Body), created_at: '2025-06-02T10:00:00+05:30' };
      rows = [row, ...rows];
      return json(row, { status: 201 });
    },
    'PUT /notifications/:id': async (request, _url, { id }) => {
      const body = (await request.json()) as Body;
      const row = rows.find((r) => r.id === Number(id));
      if (!row) return json({ error: 'Not found' }, { status: 404 });
      Object.assign(row, fromBody(body));
      return json(row);
    },
    'DELETE /notifications/:id': (_request, _url, { id }) => {
      if (!rows.some((r) => r.id === Number(id))) return json({ error: 'Not found' }, { status: 404 });
      rows = rows.filter((r) => r.id !== Number(id));
      return noContent();
    },
  });
}

beforeEach(() => {
  FakeWebSocket.install();
  localStorage.setItem('adminToken', 'tok');
  // The edit box is focused on the next frame.
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(0), 0));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const box = () => screen.getByRole('textbox', { name: 'Message (English)' });
const marathiBox = () => screen.getByRole('textbox', { name: 'Message (Marathi)' });
const untilField = () => screen.getByLabelText('Show until');

// Typing into dialogs takes a while on a busy machine.
describe('AdminNotifications', { timeout: 20_000 }, () => {
  it('reloads the list when another administrator changes a notification', async () => {
    const server = notificationServer(['First']);
    renderAt(<AdminNotifications />);
    expect(await screen.findByText('First')).toBeInTheDocument();
    // Another administrator adds one: the server announces it on the live channel.
    await server.fetchMock('http://localhost/notifications', { method: 'POST', body: JSON.stringify({ message: 'From elsewhere' }) });
    expect(server.calls('GET', '/notifications')).toHaveLength(0);
    const socket = FakeWebSocket.instances.at(-1)!;
    act(() => socket.open());
    act(() => socket.receive({ type: 'notification_updated' }));
    expect(await screen.findByText('From elsewhere')).toBeInTheDocument();
  });

  it('shows "No notifications found." when there are none', async () => {
    notificationServer();
    renderAt(<AdminNotifications />);
    expect(await screen.findByText('No notifications found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Notification' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('adds a notification, trimmed, with the token, and lists it', async () => {
    const user = userEvent.setup();
    const server = notificationServer();
    renderAt(<AdminNotifications />);
    await screen.findByText('No notifications found.');

    await user.type(box(), '  Temple closed on Monday  ');
    await user.click(screen.getByRole('button', { name: 'Add Notification' }));

    expect(await screen.findByText('Temple closed on Monday')).toBeInTheDocument();
    const [post] = server.calls('POST', '/notifications');
    expect(post.body).toEqual({ message: 'Temple closed on Monday' });
    expect(post.headers.get('Authorization')).toBe('Bearer tok');
    expect(box()).toHaveValue('');
    expect(screen.getByText('Notification added.')).toBeInTheDocument();
  });

  it('ignores a blank or whitespace-only message', async () => {
    const user = userEvent.setup();
    const server = notificationServer();
    renderAt(<AdminNotifications />);
    await screen.findByText('No notifications found.');

    await user.click(screen.getByRole('button', { name: 'Add Notification' }));
    await user.type(box(), '   ');
    await user.click(screen.getByRole('button', { name: 'Add Notification' }));
    expect(server.calls('POST', '/notifications')).toHaveLength(0);
    expect(box()).toHaveFocus();
  });

  it('Edit fills the box and switches to Update Notification with Cancel; Cancel returns to add mode', async () => {
    const user = userEvent.setup();
    const server = notificationServer(['Old text']);
    renderAt(<AdminNotifications />);
    await screen.findByText('Old text');

    await user.click(screen.getByRole('button', { name: 'Edit: Old text' }));
    expect(box()).toHaveValue('Old text');
    await waitFor(() => expect(box()).toHaveFocus());
    expect(screen.getByRole('heading', { name: 'Edit notification' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Notification' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Notification' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(box()).toHaveValue('');
    expect(marathiBox()).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Add Notification' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(server.calls('PUT', '/notifications/1')).toHaveLength(0);
  });

  it('Update Notification saves the change and returns to add mode', async () => {
    const user = userEvent.setup();
    const server = notificationServer(['Old text']);
    renderAt(<AdminNotifications />);
    await screen.findByText('Old text');

    await user.click(screen.getByRole('button', { name: 'Edit: Old text' }));
    await user.clear(box());
    await user.type(box(), 'New text');
    await user.click(screen.getByRole('button', { name: 'Update Notification' }));

    expect(await screen.findByText('New text')).toBeInTheDocument();
    expect(screen.queryByText('Old text')).not.toBeInTheDocument();
    expect(server.calls('PUT', '/notifications/1').map((r) => r.body)).toEqual([{ message: 'New text' }]);
    expect(screen.getByRole('button', { name: 'Add Notification' })).toBeInTheDocument();
    expect(box()).toHaveValue('');
    expect(screen.getByText('Notification updated.')).toBeInTheDocument();
  });

  it('shows the rule messages under the box as the text changes', async () => {
    const user = userEvent.setup();
    notificationServer();
    renderAt(<AdminNotifications />);
    await screen.findByText('No notifications found.');
    await user.type(box(), 'x');
    await user.clear(box());
    expect(screen.getByText('Notification message is required')).toBeInTheDocument();
    await user.click(box());
    await user.paste('a'.repeat(501));
    expect(screen.getByText('Maximum 500 characters allowed')).toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-invalid', 'true');
  });

  it('puts the server\'s 422 field message under the box', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/admin/notifications': () => json([], { total: 0 }),
      'POST /notifications': () => json({ error: 'Validation failed', fields: { message: 'Emojis are not allowed' } }, { status: 422 }),
    });
    renderAt(<AdminNotifications />);
    await screen.findByText('No notifications found.');
    await user.type(box(), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Add Notification' }));
    expect(await screen.findByText('Emojis are not allowed')).toBeInTheDocument();
    expect(box()).toHaveValue('Hello');
  });

  it('asks "Are you sure you want to delete this notification?" before deleting, and leaves edit mode for the deleted row', async () => {
    const user = userEvent.setup();
    const server = notificationServer(['Only one']);
    renderAt(<AdminNotifications />);
    await screen.findByText('Only one');
    await user.click(screen.getByRole('button', { name: 'Edit: Only one' }));

    await user.click(screen.getByRole('button', { name: 'Delete: Only one' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this notification?')).toBeInTheDocument();
    // The dialog names the notification: its text and its date.
    const [text, date] = within(dialog).getAllByRole('listitem').map((entry) => entry.textContent);
    expect(text).toBe('Only one');
    expect(date).toMatch(/\d{4}/);
    expect(server.calls('DELETE', '/notifications/1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('No notifications found.')).toBeInTheDocument();
    expect(server.calls('DELETE', '/notifications/1')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Add Notification' })).toBeInTheDocument();
    expect(box()).toHaveValue('');
  });

  it('adds a notification with its Marathi text and its last day, and lists both texts and the day', async () => {
    const user = userEvent.setup();
    const server = notificationServer();
    renderAt(<AdminNotifications />);
    await screen.findByText('No notifications found.');

    await user.type(box(), 'Aarti at 7 pm');
    await user.type(marathiBox(), '  सायंकाळी ७ वाजता आरती ');
    fireEvent.change(untilField(), { target: { value: '2099-08-27' } });
    await user.click(screen.getByRole('button', { name: 'Add Notification' }));

    expect(await screen.findByText('सायंकाळी ७ वाजता आरती')).toBeInTheDocument();
    expect(server.calls('POST', '/notifications').map((r) => r.body)).toEqual([
      { message: 'Aarti at 7 pm', message_mr: 'सायंकाळी ७ वाजता आरती', ends_on: '2099-08-27' },
    ]);
    const row = screen.getByRole('row', { name: /Aarti at 7 pm/ });
    expect(row).toHaveTextContent('27 Aug 2099');
    expect(row).not.toHaveTextContent('Ended');
    expect([marathiBox(), untilField()].map((field) => (field as HTMLInputElement).value)).toEqual(['', '']);
  });

  it('leaves out an empty Marathi text and end date: English for everyone, until deleted', async () => {
    const user = userEvent.setup();
    const server = notificationServer();
    renderAt(<AdminNotifications />);
    await screen.findByText('No notifications found.');
    await user.type(box(), 'Office closed on Monday');
    await user.type(marathiBox(), '   ');
    await user.click(screen.getByRole('button', { name: 'Add Notification' }));
    const row = await screen.findByRole('row', { name: /Office closed on Monday/ });
    expect(server.calls('POST', '/notifications').map((r) => r.body)).toEqual([{ message: 'Office closed on Monday' }]);
    expect(row).toHaveTextContent('None: the English is shown');
    expect(row).toHaveTextContent('Until deleted');
  });

  it('marks a notification whose last day has passed "Ended", and not one that ends today or later', async () => {
    notificationServer([
      { message: 'Past one', ends_on: '2020-01-05' },
      { message: 'Ends today', ends_on: todayInIndia() },
      { message: 'No end' },
    ]);
    renderAt(<AdminNotifications />);
    const past = await screen.findByRole('row', { name: /Past one/ });
    expect(within(past).getByText('Ended')).toBeInTheDocument();
    expect(past).toHaveTextContent('5 Jan 2020');
    expect(within(screen.getByRole('row', { name: /Ends today/ })).queryByText('Ended')).not.toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /No end/ })).queryByText('Ended')).not.toBeInTheDocument();
  });

  it('Edit fills the three fields, and Update sends what they hold (a cleared Marathi text is left out)', async () => {
    const user = userEvent.setup();
    const server = notificationServer([{ message: 'Aarti', message_mr: 'आरती', ends_on: '2099-01-31' }]);
    renderAt(<AdminNotifications />);
    await screen.findByText('आरती');
    await user.click(screen.getByRole('button', { name: 'Edit: Aarti' }));
    expect(box()).toHaveValue('Aarti');
    expect(marathiBox()).toHaveValue('आरती');
    expect(untilField()).toHaveValue('2099-01-31');

    await user.clear(marathiBox());
    fireEvent.change(untilField(), { target: { value: '2099-02-28' } });
    await user.click(screen.getByRole('button', { name: 'Update Notification' }));
    expect(await screen.findByText('Notification updated.')).toBeInTheDocument();
    expect(server.calls('PUT', '/notifications/1').map((r) => r.body)).toEqual([{ message: 'Aarti', ends_on: '2099-02-28' }]);
    expect(await screen.findByText('None: the English is shown')).toBeInTheDocument();
  });

  it('checks the last day as it is chosen: not in the past (India\'s today), nothing sent', async () => {
    const user = userEvent.setup();
    const server = notificationServer();
    renderAt(<AdminNotifications />);
    await screen.findByText('No notifications found.');
    expect(untilField()).toHaveAttribute('min', todayInIndia());
    await user.type(box(), 'Late news');
    fireEvent.change(untilField(), { target: { value: '2020-01-01' } });
    expect(screen.getByText('The end date cannot be in the past')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Notification' }));
    expect(server.calls('POST', '/notifications')).toHaveLength(0);
    fireEvent.change(untilField(), { target: { value: todayInIndia() } });
    expect(screen.queryByText('The end date cannot be in the past')).not.toBeInTheDocument();
  });

  it('puts the server\'s messages under the Marathi text and the date', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/admin/notifications': () => json([], { total: 0 }),
      'POST /notifications': () =>
        json(
          { error: 'Validation failed', fields: { ends_on: 'The end date cannot be in the past', message_mr: 'Maximum 500 characters allowed' } },
          { status: 422 },
        ),
    });
    renderAt(<AdminNotifications />);
    await screen.findByText('No notifications found.');
    await user.type(box(), 'Hello');
    await user.type(marathiBox(), 'नमस्कार');
    await user.click(screen.getByRole('button', { name: 'Add Notification' }));
    expect(await screen.findByText('The end date cannot be in the past')).toBeInTheDocument();
    expect(untilField()).toHaveAttribute('aria-invalid', 'true');
    expect(marathiBox()).toHaveAttribute('aria-invalid', 'true');
    expect(marathiBox()).toHaveValue('नमस्कार');
  });
});

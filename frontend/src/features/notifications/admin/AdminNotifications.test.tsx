import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, noContent, renderAt } from '@/test/adminRender';
import { FakeWebSocket } from '@/test/fakeWebSocket';
import AdminNotifications from './AdminNotifications';

type Row = { id: number; message: string; created_at: string };

/** A notifications server keeping its rows in memory, newest first. */
function notificationServer(initial: string[] = []) {
  let nextId = 1;
  let rows: Row[] = initial.map((message) => ({ id: nextId++, message, created_at: '2025-06-01T10:00:00+05:30' })).reverse();
  return mockFetch({
    'GET /notifications': () => json(rows, { total: rows.length }),
    'POST /notifications': async (request) => {
      const { message } = (await request.json()) as { message: string };
      const row = { id: nextId++, message, created_at: '2025-06-02T10:00:00+05:30' };
      rows = [row, ...rows];
      return json(row, { status: 201 });
    },
    'PUT /notifications/:id': async (request, _url, { id }) => {
      const { message } = (await request.json()) as { message: string };
      const row = rows.find((r) => r.id === Number(id));
      if (!row) return json({ error: 'Not found' }, { status: 404 });
      row.message = message;
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

const box = () => screen.getByRole('textbox', { name: 'Notification message' });

describe('AdminNotifications', () => {
  it('reloads the list when another administrator changes a notification', async () => {
    const server = notificationServer(['First']);
    renderAt(<AdminNotifications />);
    expect(await screen.findByText('First')).toBeInTheDocument();
    // Another administrator adds one: the server announces it on the live channel.
    await server.fetchMock('http://localhost/notifications', { method: 'POST', body: JSON.stringify({ message: 'From elsewhere' }) });
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
      'GET /notifications': () => json([], { total: 0 }),
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
});

/**
 * The contacts page: the visitor's text read-only, Handled saved at once, a private note in a
 * dialog, Reply as a mailto: link, and the All / Not handled / Handled filter.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import AdminContacts from './AdminContacts';
import { json, mockFetch, renderAt } from '@/test/adminRender';

type Row = { id: number; full_name: string; email: string; message: string; created_at: string; handled: boolean; note: string | null };

const suresh: Row = {
  id: 7,
  full_name: 'Suresh Patil',
  email: 'suresh@example.org',
  message: 'Hello,\nplease send the timings.',
  created_at: '2026-03-09T18:45:00+05:30',
  handled: false,
  note: null,
};
const meera: Row = { ...suresh, id: 8, full_name: 'Meera Kulkarni', email: 'meera@example.org', message: 'Thank you', handled: true, note: 'Called her back' };

/** A contacts server keeping its rows in memory; `handled` filters as the server's does. */
function contactServer(initial: Row[]) {
  const rows = initial.map((row) => ({ ...row }));
  return mockFetch({
    'GET /api/contacts': (_request, url) => {
      const handled = url.searchParams.get('handled');
      const shown = rows.filter((row) => handled === null || String(row.handled) === handled);
      return json(shown, { total: shown.length });
    },
    'PUT /api/contacts/:id': async (request, _url, { id }) => {
      const row = rows.find((r) => r.id === Number(id));
      if (!row) return json({ error: 'Not found' }, { status: 404 });
      const body = (await request.json()) as { handled: boolean; note?: string | null };
      row.handled = body.handled;
      row.note = body.note?.trim() || null;
      return json(row);
    },
  });
}

beforeEach(() => localStorage.setItem('adminToken', 'tok'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const shown = () => within(screen.getByRole('dialog')).getAllByRole('listitem').map((item) => item.textContent);
const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('delete confirmations', () => {
  it('name the contact by its name, e-mail and date', async () => {
    contactServer([suresh]);
    renderAt(<AdminContacts />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete: Suresh Patil' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Are you sure you want to delete this contact?');
    const [name, email, date] = shown();
    expect([name, email]).toEqual(['Suresh Patil', 'suresh@example.org']);
    expect(date).toMatch(/^9 Mar 2026/);
  });
});

// Typing into dialogs takes a while on a busy machine.
describe('the contacts page', { timeout: 20_000 }, () => {
  it('shows what the visitor wrote without a way to change it', async () => {
    contactServer([suresh]);
    renderAt(<AdminContacts />);
    const row = await screen.findByRole('row', { name: /Suresh Patil/ });
    expect(row).toHaveTextContent('please send the timings.');
    expect(within(row).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Edit:/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Edit contact' })).not.toBeInTheDocument();
  });

  it('saves Handled at once, keeping the note, and shows it as saved', async () => {
    const user = userEvent.setup();
    const server = contactServer([suresh, meera]);
    renderAt(<AdminContacts />);
    const box = await screen.findByRole('checkbox', { name: 'Handled: Suresh Patil' });
    expect(box).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Handled: Meera Kulkarni' })).toBeChecked();

    await user.click(box);
    expect(await screen.findByText('Suresh Patil: marked as handled.')).toBeInTheDocument();
    expect(server.calls('PUT', '/api/contacts/7').map((call) => call.body)).toEqual([{ handled: true, note: null }]);
    await waitFor(() => expect(server.calls('GET', '/api/contacts')).toHaveLength(2));
    expect(screen.getByRole('checkbox', { name: 'Handled: Suresh Patil' })).toBeChecked();

    // Unticking keeps the note that is there.
    await user.click(screen.getByRole('checkbox', { name: 'Handled: Meera Kulkarni' }));
    expect(await screen.findByText('Meera Kulkarni: marked as not handled.')).toBeInTheDocument();
    expect(server.calls('PUT', '/api/contacts/8').map((call) => call.body)).toEqual([{ handled: false, note: 'Called her back' }]);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Handled: Meera Kulkarni' })).not.toBeChecked());
  });

  it('filters All / Not handled / Handled through the server', async () => {
    const user = userEvent.setup();
    const server = contactServer([suresh, meera]);
    renderAt(<AdminContacts />);
    await screen.findByRole('row', { name: /Meera Kulkarni/ });
    const filter = screen.getByRole('combobox', { name: 'Show' });
    expect(within(filter).getAllByRole('option').map((option) => option.textContent)).toEqual(['All messages', 'Not handled', 'Handled']);

    await user.selectOptions(filter, 'Not handled');
    await waitFor(() => expect(screen.queryByRole('row', { name: /Meera Kulkarni/ })).not.toBeInTheDocument());
    expect(rowOf('Suresh Patil')).toBeInTheDocument();
    expect(server.requests.at(-1)!.url.searchParams.get('handled')).toBe('false');

    // Handled there takes it off this view.
    await user.click(screen.getByRole('checkbox', { name: 'Handled: Suresh Patil' }));
    expect(await screen.findByText('Every message has been handled.')).toBeInTheDocument();

    await user.selectOptions(filter, 'Handled');
    expect(await screen.findByRole('row', { name: /Meera Kulkarni/ })).toBeInTheDocument();
    expect(rowOf('Suresh Patil')).toBeInTheDocument();
    expect(server.requests.at(-1)!.url.searchParams.get('handled')).toBe('true');

    await user.selectOptions(filter, 'All messages');
    await waitFor(() => expect(server.requests.at(-1)!.url.searchParams.has('handled')).toBe(false));
  });

  it('keeps a private note in a dialog that shows the visitor’s message read-only', async () => {
    const user = userEvent.setup();
    const server = contactServer([suresh]);
    renderAt(<AdminContacts />);
    await user.click(await screen.findByRole('button', { name: 'Add note: Suresh Patil' }));
    const dialog = screen.getByRole('dialog', { name: 'Note on the message of Suresh Patil' });
    expect(within(dialog).getByText(/please send the timings/)).toBeInTheDocument();
    expect(within(dialog).getAllByRole('textbox')).toHaveLength(1);
    expect(within(dialog).getByRole('textbox', { name: 'Private note' })).toHaveFocus();

    await user.type(within(dialog).getByRole('textbox', { name: 'Private note' }), '  Sent the Shravan timetable by post. ');
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Note saved.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls('PUT', '/api/contacts/7').map((call) => call.body)).toEqual([{ handled: false, note: 'Sent the Shravan timetable by post.' }]);
    expect(await screen.findByText('Sent the Shravan timetable by post.')).toBeInTheDocument();

    // The button now edits the note; emptying it removes the note.
    await user.click(screen.getByRole('button', { name: 'Edit note: Suresh Patil' }));
    const box = within(screen.getByRole('dialog')).getByRole('textbox', { name: 'Private note' });
    expect(box).toHaveValue('Sent the Shravan timetable by post.');
    await user.clear(box);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Note removed.')).toBeInTheDocument();
    expect(server.calls('PUT', '/api/contacts/7').at(-1)!.body).toEqual({ handled: false, note: null });
  });

  it('keeps a note over 2000 characters from being sent', async () => {
    const user = userEvent.setup();
    const server = contactServer([suresh]);
    renderAt(<AdminContacts />);
    await user.click(await screen.findByRole('button', { name: 'Add note: Suresh Patil' }));
    const box = within(screen.getByRole('dialog')).getByRole('textbox', { name: 'Private note' });
    await user.click(box);
    await user.paste('n'.repeat(2001));
    expect(within(screen.getByRole('dialog')).getByText('Maximum 2000 characters allowed')).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save note' }));
    expect(server.calls('PUT', '/api/contacts/7')).toHaveLength(0);
  });

  it('offers Reply: an e-mail to the visitor about the message, named after the published organisation', async () => {
    contactServer([suresh]);
    renderAt(<AdminContacts />);
    const reply = await screen.findByRole('link', { name: 'Reply: Suresh Patil' });
    const href = reply.getAttribute('href')!;
    expect(href.startsWith('mailto:suresh@example.org?')).toBe(true);
    const query = new URLSearchParams(href.slice(href.indexOf('?') + 1));
    expect(query.get('subject')).toBe('Re: your message to Shri Samaj Seva Samiti, Pune');
    expect(query.get('body')).toMatch(/^\r\n\r\nOn 9 Mar 2026, 6:45 pm you wrote:\r\n> Hello,\r\n> please send the timings\.\r\n$/);
  });

  it('writes the reply in Marathi on the Marathi dashboard', async () => {
    contactServer([suresh]);
    renderWithProviders(<AdminContacts />, { lng: 'mr' });
    const reply = await screen.findByRole('link', { name: 'उत्तर द्या: Suresh Patil' });
    const href = reply.getAttribute('href')!;
    const query = new URLSearchParams(href.slice(href.indexOf('?') + 1));
    expect(query.get('subject')).toBe('Re: श्री समाज सेवा समिती, पुणे यांना पाठवलेला आपला संदेश');
    expect(query.get('body')).toContain('> Hello,');
  });
});

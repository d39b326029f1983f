import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderAt, type Handler } from '@/test/adminRender';
import AdminUpdates, { PROGRESS_EVERY_MS } from './AdminUpdates';
import type { MailStatus, Update, UpdatePreview } from './api';

const configured: MailStatus = { configured: true, from: 'samiti@example.org', rate_per_minute: 30, waiting: 0, sending: 0, sent: 12, failed: 1 };
const unconfigured: MailStatus = { configured: false, from: null, rate_per_minute: null, waiting: 0, sending: 0, sent: 0, failed: 0 };

const update = (id: number, over: Partial<Update> = {}): Update => ({
  id,
  subject: { en: `Diwali programme ${id}`, mr: `दिवाळी कार्यक्रम ${id}` },
  body: { en: 'Come one,\ncome all.', mr: 'सर्वांनी यावे.' },
  created_at: '2026-11-01T04:30:00Z',
  created_by: 'office@example.org',
  recipients: 40,
  sent: 40,
  failed: 0,
  waiting: 0,
  ...over,
});

const preview: UpdatePreview = {
  en: { subject: 'Diwali programme', text: 'Come one,\ncome all.\n\nUnsubscribe: https://example.org/u/1', html: '<!doctype html><html><body><p>Come one, come all.</p></body></html>' },
  mr: { subject: 'दिवाळी कार्यक्रम', text: 'सर्वांनी यावे.', html: '<!doctype html><html lang="mr"><body><p>सर्वांनी यावे.</p></body></html>' },
};

const written = { subject: { en: 'Diwali programme', mr: 'दिवाळी कार्यक्रम' }, body: { en: 'Come one,\ncome all.', mr: 'सर्वांनी यावे.' } };

function server(routes: Record<string, Handler> = {}) {
  return mockFetch({
    'GET /api/admin/mail': () => json(configured),
    'GET /api/admin/updates': () => json([update(1)]),
    ...routes,
  });
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement | HTMLTextAreaElement;
const button = (name: string) => screen.getByRole('button', { name });

/** Fills the four texts (a paste, not a keystroke at a time). */
async function fill(user: ReturnType<typeof userEvent.setup>, values = written) {
  const texts: Array<[string, string]> = [
    ['Subject (English)', values.subject.en],
    ['Message (English)', values.body.en],
    ['Subject (Marathi)', values.subject.mr],
    ['Message (Marathi)', values.body.mr],
  ];
  for (const [name, value] of texts) {
    await user.click(field(name));
    await user.paste(value);
  }
}

beforeEach(() => localStorage.setItem('adminToken', 'tok'));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/admin/dashboard/updates: the editor', () => {
  it('has the subject and the message in English and in Marathi, each checked as it is typed with the server\'s messages', async () => {
    const user = userEvent.setup();
    const calls = server();
    renderAt(<AdminUpdates />);
    expect(screen.getByRole('heading', { level: 1, name: 'Updates by e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'In English' })).toContainElement(field('Subject (English)'));
    expect(screen.getByRole('group', { name: 'In Marathi' })).toContainElement(field('Message (Marathi)'));
    expect(field('Subject (Marathi)')).toHaveAttribute('lang', 'mr');

    const subject = field('Subject (English)');
    await user.type(subject, 'A');
    expect(subject).not.toHaveAttribute('aria-invalid');
    await user.clear(subject);
    expect(subject).toHaveAttribute('aria-invalid', 'true');
    expect(subject).toHaveAccessibleDescription(expect.stringContaining('Please enter the subject'));

    fireEvent.change(subject, { target: { value: 'x'.repeat(151) } });
    expect(subject).toHaveAccessibleDescription(expect.stringContaining('Maximum 150 characters allowed'));
    expect(subject).toHaveAccessibleDescription(expect.stringContaining('151 of 150 characters'));
    fireEvent.change(subject, { target: { value: 'x'.repeat(150) } });
    expect(subject).not.toHaveAttribute('aria-invalid');

    const body = field('Message (Marathi)');
    fireEvent.change(body, { target: { value: 'y'.repeat(10001) } });
    expect(body).toHaveAccessibleDescription(expect.stringContaining('Maximum 10000 characters allowed'));
    fireEvent.change(body, { target: { value: 'first line\nsecond line' } });
    expect(body).not.toHaveAttribute('aria-invalid');
    expect(body).toHaveValue('first line\nsecond line');

    // Nothing went to the server on the way.
    expect(calls.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('checks every field before any button sends: the first wrong one takes the focus, and nothing is sent', async () => {
    const user = userEvent.setup();
    const calls = server();
    renderAt(<AdminUpdates />);
    await user.click(field('Message (English)'));
    await user.paste('Only the English message');

    for (const name of ['Preview', 'Send a test to me', 'Send to all confirmed subscribers']) {
      await user.click(button(name));
      await waitFor(() => expect(field('Subject (English)')).toHaveFocus());
      expect(field('Subject (English)')).toHaveAccessibleDescription(expect.stringContaining('Please enter the subject'));
      expect(field('Subject (Marathi)')).toHaveAccessibleDescription(expect.stringContaining('Please enter the subject'));
      expect(field('Message (Marathi)')).toHaveAccessibleDescription(expect.stringContaining('Please enter the message'));
      expect(field('Message (English)')).not.toHaveAttribute('aria-invalid');
    }
    expect(calls.requests.filter((request) => request.method === 'POST' || request.url.pathname === '/api/subscribers')).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('puts a 422\'s messages under their fields and focuses the first of them', async () => {
    const user = userEvent.setup();
    server({
      'POST /api/admin/updates/preview': () =>
        json({ error: 'Validation failed', fields: { 'body.mr': 'Please enter the message', 'subject.mr': 'Maximum 150 characters allowed' } }, { status: 422 }),
    });
    renderAt(<AdminUpdates />);
    await fill(user);
    await user.click(button('Preview'));
    // The page's order: the English texts, then the Marathi subject, then the Marathi message.
    await waitFor(() => expect(field('Subject (Marathi)')).toHaveFocus());
    expect(field('Subject (Marathi)')).toHaveAccessibleDescription(expect.stringContaining('Maximum 150 characters allowed'));
    expect(field('Message (Marathi)')).toHaveAccessibleDescription(expect.stringContaining('Please enter the message'));
    expect(field('Subject (English)')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument();
  });

  it('shows the server\'s preview in both languages, in a sandboxed frame at a phone\'s width', async () => {
    const user = userEvent.setup();
    const calls = server({ 'POST /api/admin/updates/preview': () => json(preview) });
    renderAt(<AdminUpdates />);
    await fill(user);
    await user.click(button('Preview'));

    const panel = await screen.findByRole('region', { name: 'Preview' });
    expect(calls.calls('POST', '/api/admin/updates/preview')[0].body).toEqual(written);
    expect(within(panel).getByRole('heading', { name: 'Preview' })).toHaveFocus();
    expect(panel).toHaveTextContent('Subject: Diwali programme');
    const frame = within(panel).getByTitle('The message in English');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', preview.en.html);
    expect(frame).toHaveAttribute('width', '360');
    expect(within(panel).getByText(/Unsubscribe: https:\/\/example.org\/u\/1/)).toBeInTheDocument();

    await user.click(within(panel).getByRole('radio', { name: 'मराठी' }));
    expect(within(panel).getByTitle('The message in Marathi')).toHaveAttribute('srcdoc', preview.mr.html);
    expect(panel).toHaveTextContent('Subject: दिवाळी कार्यक्रम');

    // A change after the preview: the panel says it is out of date.
    expect(within(panel).queryByText(/The text has changed since this preview/)).not.toBeInTheDocument();
    await user.type(field('Subject (English)'), '!');
    expect(within(panel).getByText(/The text has changed since this preview/)).toBeInTheDocument();
  });

  it('sends a test to the administrator and says where it went', async () => {
    const user = userEvent.setup();
    const calls = server({ 'POST /api/admin/updates/test': () => json({ to: 'office@example.org' }, { status: 202 }) });
    renderAt(<AdminUpdates />);
    await fill(user);
    await user.click(button('Send a test to me'));
    expect(await screen.findByText('Sent to office@example.org: the message in English and in Marathi.')).toBeInTheDocument();
    expect(calls.calls('POST', '/api/admin/updates/test')[0].body).toEqual(written);
    expect(calls.calls('POST', '/api/admin/updates/test')[0].headers.get('Authorization')).toBe('Bearer tok');
    // The text stays for the real sending.
    expect(field('Subject (English)')).toHaveValue('Diwali programme');
  });

  it('asks before sending to everyone, saying how many will receive it; Cancel sends nothing', async () => {
    const user = userEvent.setup();
    let updates = [update(1)];
    const calls = server({
      'GET /api/admin/updates': () => json(updates),
      'GET /api/subscribers': () => json([{ id: 9, value: 'a@example.org', created_at: '2026-10-01T00:00:00Z', status: 'confirmed', lang: 'en' }], { total: 37 }),
      'POST /api/admin/updates': () => {
        const created = update(2, { subject: written.subject, body: written.body, recipients: 37, sent: 0, waiting: 37 });
        updates = [created, ...updates];
        return json(created, { status: 201 });
      },
    });
    renderAt(<AdminUpdates />);
    await screen.findByText('Diwali programme 1');
    await fill(user);

    await user.click(button('Send to all confirmed subscribers'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Send this update to all confirmed subscribers? 37 will receive it. It cannot be taken back.');
    expect(dialog).toHaveTextContent('Diwali programme');
    const counted = calls.calls('GET', '/api/subscribers')[0].url.searchParams;
    expect(counted.get('status')).toBe('confirmed');
    expect(counted.get('per_page')).toBe('1');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.calls('POST', '/api/admin/updates')).toHaveLength(0);

    await user.click(button('Send to all confirmed subscribers'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The update is being sent to 37 subscribers.')).toBeInTheDocument();
    expect(calls.calls('POST', '/api/admin/updates')[0].body).toEqual(written);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // The form is empty again, and the list shows the new update first, with its progress.
    for (const name of ['Subject (English)', 'Message (English)', 'Subject (Marathi)', 'Message (Marathi)']) expect(field(name)).toHaveValue('');
    const items = within(screen.getByRole('region', { name: 'Updates sent' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByRole('heading', { level: 3 })).toHaveTextContent('Diwali programme');
    expect(items[0]).toHaveTextContent('0 of 37 sent, 0 failed, 37 waiting');
  });

  it('says "1 subscriber", not "1 subscribers"', async () => {
    const user = userEvent.setup();
    server({
      'GET /api/subscribers': () => json([], { total: 1 }),
      'POST /api/admin/updates': () => json(update(3, { subject: written.subject, body: written.body, recipients: 1, sent: 0, waiting: 1 }), { status: 201 }),
    });
    renderAt(<AdminUpdates />);
    await screen.findByText('Diwali programme 1');
    await fill(user);
    await user.click(button('Send to all confirmed subscribers'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The update is being sent to 1 subscriber.')).toBeInTheDocument();
  });

  it('says nobody was sent an update sent while no subscriber had confirmed', async () => {
    const user = userEvent.setup();
    server({
      'GET /api/subscribers': () => json([], { total: 0 }),
      'POST /api/admin/updates': () => json(update(3, { subject: written.subject, body: written.body, recipients: 0, sent: 0, waiting: 0 }), { status: 201 }),
    });
    renderAt(<AdminUpdates />);
    await screen.findByText('Diwali programme 1');
    await fill(user);
    await user.click(button('Send to all confirmed subscribers'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The update is kept in the list below; no subscriber had confirmed, so nobody was sent it.')).toBeInTheDocument();
    expect(screen.queryByText(/being sent/)).not.toBeInTheDocument();
  });

  it('says when no subscriber has confirmed yet, and when the number cannot be told', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let answer = () => json([], { total: 0 });
    server({ 'GET /api/subscribers': () => answer() });
    renderAt(<AdminUpdates />);
    await fill(user);
    await user.click(button('Send to all confirmed subscribers'));
    expect(await screen.findByRole('dialog')).toHaveTextContent('No subscriber has confirmed yet, so nobody will receive this update. Send it all the same?');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    answer = () => json({ error: 'Internal server error' }, { status: 500 });
    await user.click(button('Send to all confirmed subscribers'));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Send this update to all confirmed subscribers? It cannot be taken back.');
  });

  it('says so when the server refuses because mail is not configured (409)', async () => {
    const user = userEvent.setup();
    server({
      'GET /api/subscribers': () => json([], { total: 3 }),
      'POST /api/admin/updates': () => json({ error: 'Mail is not configured' }, { status: 409 }),
    });
    renderAt(<AdminUpdates />);
    await fill(user);
    await user.click(button('Send to all confirmed subscribers'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Mail is not configured');
    // Nothing is lost.
    expect(field('Subject (English)')).toHaveValue('Diwali programme');
  });

  it('asks before the tab is closed while there is text not sent', async () => {
    const user = userEvent.setup();
    server();
    renderAt(<AdminUpdates />);
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    await user.type(field('Message (Marathi)'), 'सूचना');
    expect(leave()).toBe(true);
    await user.clear(field('Message (Marathi)'));
    expect(leave()).toBe(false);
  });
});

describe('/admin/dashboard/updates: mail not configured', () => {
  it('says so and names the settings; the preview works, the sending buttons do not', async () => {
    server({ 'GET /api/admin/mail': () => json(unconfigured) });
    renderAt(<AdminUpdates />);
    expect(await screen.findByText('Mail is not configured: nothing is sent.')).toBeInTheDocument();
    expect(screen.getByText('SAMITI_SMTP_URL')).toBeInTheDocument();
    expect(screen.getByText('SAMITI_MAIL_FROM')).toBeInTheDocument();
    expect(button('Preview')).toBeEnabled();
    expect(button('Send a test to me')).toBeDisabled();
    expect(button('Send to all confirmed subscribers')).toBeDisabled();
  });

  it('shows no such notice when mail is configured', async () => {
    const calls = server();
    renderAt(<AdminUpdates />);
    await screen.findByText('Diwali programme 1');
    await waitFor(() => expect(calls.calls('GET', '/api/admin/mail')).toHaveLength(1));
    expect(screen.queryByText('Mail is not configured: nothing is sent.')).not.toBeInTheDocument();
    expect(button('Send to all confirmed subscribers')).toBeEnabled();
  });
});

describe('/admin/dashboard/updates: the updates sent', () => {
  it('shows each with its subjects, date, sender and progress in words', async () => {
    server({
      'GET /api/admin/updates': () => json([update(2, { sent: 30, failed: 2, waiting: 8 }), update(1), update(3, { recipients: 0, sent: 0 })]),
    });
    renderAt(<AdminUpdates />);
    const items = await within(await screen.findByRole('region', { name: 'Updates sent' })).findAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual(['Diwali programme 2', 'Diwali programme 1', 'Diwali programme 3']);
    expect(items[0]).toHaveTextContent('दिवाळी कार्यक्रम 2');
    expect(items[0]).toHaveTextContent(/1 Nov 2026, 10:00.*by office@example.org/);
    const bar = within(items[0]).getByRole('progressbar', { name: 'Sending progress' });
    expect(bar).toHaveAttribute('max', '40');
    expect(bar).toHaveAttribute('value', '32');
    expect(bar).toHaveAccessibleDescription('30 of 40 sent, 2 failed, 8 waiting');
    expect(items[1]).toHaveTextContent('40 of 40 sent, 0 failed, 0 waiting · Finished');
    expect(items[2]).toHaveTextContent('There was no confirmed subscriber to send it to.');
    expect(within(items[2]).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('asks for the progress every few seconds while messages are waiting, and stops when none is', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'], shouldAdvanceTime: true });
    const asking = vi.spyOn(globalThis, 'setInterval');
    let progress = { sent: 10, waiting: 30 };
    const calls = server({ 'GET /api/admin/updates': () => json([update(1, progress)]) });
    renderAt(<AdminUpdates />);
    expect(await screen.findByText('10 of 40 sent, 0 failed, 30 waiting')).toBeInTheDocument();
    expect(calls.calls('GET', '/api/admin/updates')).toHaveLength(1);
    // The list is drawn before React runs the effect that starts asking again (on a busy machine
    // a moment later): the clock moves on only once it has.
    await waitFor(() => expect(asking.mock.calls.some(([, ms]) => ms === PROGRESS_EVERY_MS)).toBe(true));

    progress = { sent: 40, waiting: 0 };
    act(() => vi.advanceTimersByTime(PROGRESS_EVERY_MS));
    expect(await screen.findByText(/40 of 40 sent, 0 failed, 0 waiting/)).toBeInTheDocument();
    expect(calls.calls('GET', '/api/admin/updates')).toHaveLength(2);

    act(() => vi.advanceTimersByTime(3 * PROGRESS_EVERY_MS));
    expect(calls.calls('GET', '/api/admin/updates')).toHaveLength(2);
  });

  it('says when the list could not be loaded, and loads it again on Try again', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    server({ 'GET /api/admin/updates': () => (fail ? json({ error: 'Internal server error' }, { status: 500 }) : json([update(1)])) });
    renderAt(<AdminUpdates />);
    const problem = await screen.findByRole('alert');
    expect(problem).toHaveTextContent('Could not load the list. Please check your connection and try again.');
    fail = false;
    await user.click(within(problem).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Diwali programme 1')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when there is none yet', async () => {
    server({ 'GET /api/admin/updates': () => json([]) });
    renderAt(<AdminUpdates />);
    expect(await screen.findByText('No update has been sent yet.')).toBeInTheDocument();
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderAt } from '@/test/adminRender';
import { createTestI18n } from '@/test/i18n';
import { withSite } from '@/test/render';
import AdminBackup from './AdminBackup';
import type { BackupStatus, KeptBackup } from './api';

/** As the server lists them: oldest first. */
const kept: KeptBackup[] = [
  { name: 'samiti-backup-20261125T203000Z.tar.gz', taken_at: '2026-11-25T20:30:00Z', bytes: 5_000_000 },
  { name: 'samiti-backup-20261126T203000Z.tar.gz', taken_at: '2026-11-26T20:30:00Z', bytes: 12_897_485 },
  { name: 'samiti-backup-20261127T203000Z.tar.gz', taken_at: '2026-11-27T20:30:00Z', bytes: 1_288_490_189 },
];
const scheduled: BackupStatus = { schedule: { every_minutes: 1440, keep: 14, off_site: false }, kept };
const unscheduled: BackupStatus = { schedule: null, kept: [] };

const fresh = 'samiti-backup-20261128T093015Z.tar.gz';
const gzip = (name: string) =>
  new Response(new Uint8Array([0x1f, 0x8b, 8, 0]), { headers: { 'Content-Type': 'application/gzip', 'Content-Disposition': `attachment; filename="${name}"` } });

/** The names the page saved files under (the link's `download`). */
function savedFiles(): string[] {
  const saved: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:backup');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

/** An answer the test gives when it chooses. */
function later() {
  let answer: (response: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => (answer = resolve));
  return { promise, answer };
}

const nowButton = () => within(screen.getByRole('region', { name: 'Take a backup now' })).getByRole('button');
const rows = (caption = 'Kept backups, newest first') => within(screen.getByRole('table', { name: caption })).getAllByRole('row').slice(1);

beforeEach(() => localStorage.setItem('adminToken', 'tok'));
afterEach(() => vi.unstubAllGlobals());

describe('/admin/dashboard/backup', () => {
  it('explains what a backup holds and how to keep it, and shows the schedule and the kept backups newest first', async () => {
    mockFetch({ 'GET /api/admin/backup': () => json(scheduled) });
    renderAt(<AdminBackup />);
    expect(screen.getByRole('heading', { level: 1, name: 'Backups' })).toBeInTheDocument();
    expect(screen.getByText(/every uploaded photo and file, and the site content/)).toBeInTheDocument();
    expect(screen.getByText(/Keep a copy somewhere other than the site's computer/)).toBeInTheDocument();
    expect(screen.getByText(/It holds personal data/)).toBeInTheDocument();

    expect(await screen.findByText("Every 24 hours a backup is taken; the newest 14 are kept on the site's computer.")).toBeInTheDocument();
    expect(screen.getByText(/These copies are on the same computer as the site/)).toBeInTheDocument();
    expect(screen.queryByText('No automatic backups are set up.')).not.toBeInTheDocument();

    const cells = rows().map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(cells).toEqual([
      [expect.stringMatching(/^28 Nov 2026, 2:00/), '1,228.8 MB', 'Download'],
      [expect.stringMatching(/^27 Nov 2026, 2:00/), '12.3 MB', 'Download'],
      [expect.stringMatching(/^26 Nov 2026, 2:00/), '4.8 MB', 'Download'],
    ]);
    expect(within(rows()[0]).getByRole('button')).toHaveAccessibleName(expect.stringMatching(/^Download the backup taken on 28 Nov 2026, 2:00/));
  });

  it('says when the backups go to off-site storage, and when the schedule keeps none yet', async () => {
    mockFetch({ 'GET /api/admin/backup': () => json({ schedule: { every_minutes: 360, keep: 7, off_site: true }, kept: [] }) });
    renderAt(<AdminBackup />);
    expect(await screen.findByText('Every 6 hours a backup is taken; the newest 7 are kept in off-site storage.')).toBeInTheDocument();
    expect(screen.queryByText(/These copies are on the same computer as the site/)).not.toBeInTheDocument();
    expect(screen.getByText('No backup has been kept yet.')).toBeInTheDocument();
  });

  it('without a schedule, names the settings that turn it on, and shows no list of kept backups', async () => {
    mockFetch({ 'GET /api/admin/backup': () => json(unscheduled) });
    renderAt(<AdminBackup />);
    expect(await screen.findByText('No automatic backups are set up.')).toBeInTheDocument();
    expect(screen.getByText('SAMITI_BACKUP_DIR')).toBeInTheDocument();
    expect(screen.getByText('SAMITI_BACKUP_EVERY')).toBeInTheDocument();
    expect(screen.getByText('Whoever runs the server can turn them on with these settings:')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('Kept backups')).not.toBeInTheDocument();
    // The fresh backup is there all the same.
    expect(nowButton()).toHaveTextContent('Download a backup now');
  });

  it('downloads a fresh backup: the button is busy while the server prepares it, then the file is saved under its name', async () => {
    const user = userEvent.setup();
    const saved = savedFiles();
    const answer = later();
    const server = mockFetch({ 'GET /api/admin/backup': () => json(scheduled), 'POST /api/admin/backup': () => answer.promise });
    renderAt(<AdminBackup />);
    await screen.findByText(/Every 24 hours/);
    const button = nowButton();
    expect(button).toHaveTextContent('Download a backup now');
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');

    await user.click(button);
    await waitFor(() => expect(button).toHaveTextContent('Preparing the backup…'));
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    // Said to a screen reader too.
    expect(screen.getAllByRole('status').map((region) => region.textContent)).toContain('Preparing the backup…');
    // One download at a time: the kept backups wait too.
    for (const row of rows()) expect(within(row).getByRole('button')).toBeDisabled();
    expect(server.calls('POST', '/api/admin/backup')).toHaveLength(1);
    expect(server.calls('POST', '/api/admin/backup')[0].headers.get('Authorization')).toBe('Bearer tok');

    answer.answer(gzip(fresh));
    expect(await screen.findByText(`File downloaded: ${fresh}`)).toBeInTheDocument();
    expect(saved).toEqual([fresh]);
    expect(button).toHaveTextContent('Download a backup now');
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
  });

  it('says so when a backup is being taken already (409), when the file storage is down (503), and on any other failure', async () => {
    const user = userEvent.setup();
    const saved = savedFiles();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let status = 409;
    mockFetch({
      'GET /api/admin/backup': () => json(scheduled),
      'POST /api/admin/backup': () =>
        status === 409
          ? json({ error: 'A backup is being taken already; please try again in a minute' }, { status })
          : status === 503
            ? json({ error: 'File storage unavailable, please try again' }, { status })
            : json({ error: 'Internal server error' }, { status }),
    });
    renderAt(<AdminBackup />);
    await screen.findByText(/Every 24 hours/);

    await user.click(nowButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('A backup is being taken already; please try again in a minute');
    expect(nowButton()).toBeEnabled();
    expect(nowButton()).toHaveTextContent('Download a backup now');

    status = 503;
    await user.click(nowButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('File storage unavailable, please try again'));

    status = 500;
    await user.click(nowButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^The backup could not be prepared\. Please try again later/));
    expect(saved).toEqual([]);
  });

  it('downloads a kept backup by its name; one the schedule has dropped meanwhile refreshes the list', async () => {
    const user = userEvent.setup();
    const saved = savedFiles();
    let listed = scheduled;
    const server = mockFetch({
      'GET /api/admin/backup': () => json(listed),
      'GET /api/admin/backup/kept/:name': (_request, _url, params) =>
        params.name === kept[0].name ? json({ error: 'Not found' }, { status: 404 }) : gzip(params.name),
    });
    renderAt(<AdminBackup />);
    await screen.findByText(/Every 24 hours/);

    await user.click(within(rows()[0]).getByRole('button'));
    expect(await screen.findByText(`File downloaded: ${kept[2].name}`)).toBeInTheDocument();
    expect(saved).toEqual([kept[2].name]);
    expect(server.calls('GET', `/api/admin/backup/kept/${kept[2].name}`)[0].headers.get('Authorization')).toBe('Bearer tok');

    listed = { ...scheduled, kept: kept.slice(1) };
    await user.click(within(rows()[2]).getByRole('button'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This backup is no longer kept; the list has been brought up to date.');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(server.calls('GET', '/api/admin/backup')).toHaveLength(2);
  });

  it('offers to try again when the list cannot be loaded', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let up = false;
    mockFetch({ 'GET /api/admin/backup': () => (up ? json(unscheduled) : json({ error: 'Database unavailable' }, { status: 503 })) });
    renderAt(<AdminBackup />);
    expect(await screen.findByText('Could not load the list. Please check your connection and try again.')).toBeInTheDocument();
    up = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No automatic backups are set up.')).toBeInTheDocument();
  });

  it('writes the schedule, times and sizes in Marathi with Devanagari digits', async () => {
    mockFetch({ 'GET /api/admin/backup': () => json(scheduled) });
    render(
      withSite(
        <I18nextProvider i18n={createTestI18n('mr')}>
          <MemoryRouter>
            <AdminBackup />
          </MemoryRouter>
        </I18nextProvider>,
      ),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'बॅकअप' })).toBeInTheDocument();
    expect(await screen.findByText('दर २४ तासांनी बॅकअप घेतला जातो; सर्वात नवीन १४ बॅकअप संकेतस्थळाच्या संगणकावर ठेवले जातात.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'आत्ता बॅकअप डाउनलोड करा' })).toBeInTheDocument();
    const cells = rows('ठेवलेले बॅकअप, नवीन आधी').map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(cells[0][0]).toMatch(/^२८ .*२०२६, रात्री २:००$/);
    expect(cells.map((row) => row[1])).toEqual(['१,२२८.८ एमबी', '१२.३ एमबी', '४.८ एमबी']);
  });
});

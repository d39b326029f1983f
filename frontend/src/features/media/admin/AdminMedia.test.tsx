import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, noContent, renderAt } from '@/test/adminRender';
import { setUnauthorizedHandler } from '@/lib/api';
import { FakeWebSocket } from '@/test/fakeWebSocket';
import { FakeXhr } from '@/test/fakeXhr';
import { createTestI18n } from '@/test/i18n';
import type { MediaItem, MediaKind } from './api';
import { AdminMedia } from './AdminMedia';
import { withSite } from '@/test/render';

const item = (id: number, description: string, kind: MediaKind = 'gallery'): MediaItem => {
  const folder = kind === 'magazines' || kind === 'career' ? kind : 'uploads';
  const name = `${String(id).padStart(32, 'a')}`;
  return {
    id,
    image: `${name}.jpg`,
    url: `/${folder}/${name}.jpg`,
    content_type: 'image/jpeg',
    width: 4000,
    height: 3000,
    bytes: 2_400_000,
    description,
    year: 2026,
    month: 9,
    created_at: '2026-09-12T10:00:00+00:00',
    variants: [320, 640, 1280].map((width) => ({ width, url: `/${folder}/${name}-${width}.webp` })),
  };
};

/** A media server for one kind keeping its rows in memory (uploads go through FakeXhr). */
function mediaServer(kind: MediaKind, rows: MediaItem[] = []) {
  return mockFetch({
    [`GET /api/${kind}`]: (_request, url) => {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const hits = rows.filter((row) => !q || row.description.toLowerCase().includes(q));
      return json(hits, { total: hits.length });
    },
    [`DELETE /api/${kind}/:id`]: (_request, _url, { id }) => {
      if (!rows.some((row) => row.id === Number(id))) return json({ error: 'Not found' }, { status: 404 });
      rows = rows.filter((row) => row.id !== Number(id));
      return noContent();
    },
  });
}

const png = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });
const chooser = () => screen.getByLabelText('Choose images') as HTMLInputElement;
const uploadButton = () => screen.getByRole('button', { name: /^Upload/ });
const queued = () => within(screen.getByRole('list', { name: 'Chosen images' })).getAllByRole('listitem');

let previews = 0;
const createObjectURL = vi.fn(() => `blob:preview-${++previews}`);
const revokeObjectURL = vi.fn();

beforeEach(() => {
  FakeWebSocket.install();
  FakeXhr.sent = [];
  previews = 0;
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  // jsdom has no object URLs.
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  localStorage.setItem('adminToken', 'tok');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the media dashboard page', () => {
  it('sends nothing and asks for a file when Upload is pressed without one', async () => {
    const user = userEvent.setup();
    mediaServer('events');
    renderAt(<AdminMedia kind="events" />);
    await screen.findByText('No posters uploaded yet.');

    await user.click(uploadButton());

    expect(screen.getByRole('alert')).toHaveTextContent('Please choose an image to upload.');
    expect(FakeXhr.sent).toHaveLength(0);
    expect(chooser()).toHaveFocus();
  });

  it('lists the chosen files with previews, and Remove takes one out and releases its preview', async () => {
    const user = userEvent.setup();
    mediaServer('events');
    renderAt(<AdminMedia kind="events" />);
    await user.upload(chooser(), [png('first.png'), png('second.png')]);

    expect(queued()).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Preview of first.png' })).toHaveAttribute('src', 'blob:preview-1');
    expect(screen.getByRole('img', { name: 'Preview of second.png' })).toHaveAttribute('src', 'blob:preview-2');
    expect(uploadButton()).toHaveTextContent('Upload 2 images');

    await user.click(screen.getByRole('button', { name: 'Remove: first.png' }));

    expect(queued()).toHaveLength(1);
    expect(screen.queryByText('first.png')).not.toBeInTheDocument();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(revokeObjectURL).not.toHaveBeenCalledWith('blob:preview-2');
  });

  it('puts an empty frame in place of a preview the browser cannot show', async () => {
    const user = userEvent.setup();
    mediaServer('events');
    renderAt(<AdminMedia kind="events" />);
    await user.upload(chooser(), [png('notes.png')]);
    fireEvent.error(screen.getByRole('img', { name: 'Preview of notes.png' }));
    expect(screen.queryByRole('img', { name: 'Preview of notes.png' })).not.toBeInTheDocument();
    expect(screen.getByText('notes.png')).toBeInTheDocument();
  });

  it('takes images dropped on the drop zone and names the files it leaves out', async () => {
    mediaServer('career');
    renderAt(<AdminMedia kind="career" />);
    const zone = screen.getByTestId('drop-zone');
    const notes = new File(['hello'], 'notes.txt', { type: 'text/plain' });

    fireEvent.dragEnter(zone, { dataTransfer: { files: [], types: ['Files'] } });
    fireEvent.drop(zone, { dataTransfer: { files: [png('cover.png'), notes], types: ['Files'] } });

    expect(queued()).toHaveLength(1);
    expect(screen.getByText('cover.png')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Not added (not a JPEG, PNG, WebP or GIF image): notes.txt');
  });

  it('sends one request per file with the token and its description, showing each file’s progress', async () => {
    const user = userEvent.setup();
    const server = mediaServer('events');
    renderAt(<AdminMedia kind="events" />);
    await screen.findByText('No posters uploaded yet.');
    const loadsBefore = server.calls('GET', '/api/events').length;
    const poster = png('poster.png', 2000);
    await user.upload(chooser(), [poster, png('second.png')]);
    await user.type(screen.getByRole('textbox', { name: 'Description of poster.png' }), 'गणेशोत्सव २०२६');

    await user.click(uploadButton());

    expect(FakeXhr.sent).toHaveLength(1);
    const [first] = FakeXhr.sent;
    expect(first.method).toBe('POST');
    expect(first.url).toBe('/api/events');
    expect(first.headers.Authorization).toBe('Bearer tok');
    expect(first.body!.getAll('image')).toEqual([poster]);
    expect(first.body!.get('description')).toBe('गणेशोत्सव २०२६');
    expect(first.body!.has('year')).toBe(false);

    first.progress(500, 2000);
    expect(screen.getByRole('progressbar', { name: 'Upload progress of poster.png' })).toHaveAttribute('value', '25');
    expect(screen.getByText('25% sent')).toBeInTheDocument();
    first.progress(2000, 2000);
    expect(screen.getByRole('progressbar', { name: 'Upload progress of poster.png' })).toHaveAttribute('value', '100');
    expect(screen.getByText('Processing…')).toBeInTheDocument();

    first.respond(201, [item(1, 'गणेशोत्सव २०२६', 'events')]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(screen.queryByText('poster.png')).not.toBeInTheDocument();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    const second = FakeXhr.sent[1];
    expect(second.body!.get('image')).toMatchObject({ name: 'second.png' });
    expect(second.body!.has('description')).toBe(false);
    second.respond(201, [item(2, '', 'events')]);

    expect(await screen.findByText('Uploaded: 2')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Chosen images' })).not.toBeInTheDocument();
    await waitFor(() => expect(server.calls('GET', '/api/events').length).toBeGreaterThan(loadsBefore));
  });

  it('shows each refusal under its own file in Marathi (wrong type, too large, a field message, an unknown failure) and retries one', async () => {
    const user = userEvent.setup();
    mediaServer('career');
    const router = createMemoryRouter([{ path: '/', element: <AdminMedia kind="career" /> }]);
    render(
      withSite(
        <I18nextProvider i18n={createTestI18n('mr')}>
          <RouterProvider router={router} />
        </I18nextProvider>,
      ),
    );
    await user.upload(screen.getByLabelText('प्रतिमा निवडा'), [png('text.png'), png('huge.png'), png('long.png'), png('odd.png')]);
    await user.click(screen.getByRole('button', { name: /अपलोड करा$/ }));

    FakeXhr.sent[0].respond(415, { error: 'The file is not a JPEG, PNG, WebP or GIF image.' });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    FakeXhr.sent[1].respond(413, { error: 'Request body is too large' });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
    FakeXhr.sent[2].respond(422, { error: 'Validation failed', fields: { description: 'Maximum 300 characters allowed' } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(4));
    FakeXhr.sent[3].respond(500, { error: 'A sentence this client has never seen.' });

    const entries = await waitFor(() => {
      const list = within(screen.getByRole('list', { name: 'निवडलेल्या प्रतिमा' })).getAllByRole('listitem');
      expect(within(list[3]).getByRole('alert')).toBeInTheDocument();
      return list;
    });
    expect(within(entries[0]).getByRole('alert')).toHaveTextContent('ही फाईल JPEG, PNG, WebP किंवा GIF प्रतिमा नाही.');
    expect(within(entries[1]).getByRole('alert')).toHaveTextContent('पाठवलेली माहिती खूप मोठी आहे');
    expect(within(entries[2]).getByRole('alert')).toHaveTextContent('जास्तीत जास्त ३०० अक्षरे चालतील');
    // A server sentence without a translation gives way to a translated one rather than English.
    expect(within(entries[3]).getByRole('alert')).toHaveTextContent('अपलोड झाले नाही. कृपया पुन्हा प्रयत्न करा.');
    expect(screen.getAllByRole('alert').at(-1)).toHaveTextContent('अपलोड झालेल्या: ०. अपलोड न झालेल्या: ४.');

    await user.click(within(entries[1]).getByRole('button', { name: 'पुन्हा प्रयत्न करा: huge.png' }));
    expect(FakeXhr.sent).toHaveLength(5);
    expect(FakeXhr.sent[4].body!.get('image')).toMatchObject({ name: 'huge.png' });
    FakeXhr.sent[4].respond(201, [item(3, '', 'career')]);
    await waitFor(() => expect(screen.queryByText('huge.png')).not.toBeInTheDocument());
    expect(screen.getByText('text.png')).toBeInTheDocument();
    expect(screen.getByText('long.png')).toBeInTheDocument();
  });

  it('shows a lost connection as a message with Retry', async () => {
    const user = userEvent.setup();
    mediaServer('events');
    renderAt(<AdminMedia kind="events" />);
    await user.upload(chooser(), [png('poster.png')]);
    await user.click(uploadButton());
    FakeXhr.sent[0].fail();
    const entry = await waitFor(() => queued()[0]);
    expect(await within(entry).findByRole('alert')).toHaveTextContent('The upload did not reach the server. Please check your connection and try again.');
    expect(within(entry).getByRole('button', { name: 'Retry: poster.png' })).toBeEnabled();
  });

  it('keeps a description over 300 characters from being sent', async () => {
    const user = userEvent.setup();
    mediaServer('events');
    renderAt(<AdminMedia kind="events" />);
    await user.upload(chooser(), [png('poster.png')]);
    const field = screen.getByRole('textbox', { name: 'Description of poster.png' });
    fireEvent.change(field, { target: { value: 'अ'.repeat(301) } });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Maximum 300 characters allowed')).toBeInTheDocument();

    await user.click(uploadButton());
    expect(FakeXhr.sent).toHaveLength(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the descriptions marked below.');

    fireEvent.change(field, { target: { value: 'अ'.repeat(300) } });
    await user.click(uploadButton());
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it('drops the token and goes to /login when the server refuses it', async () => {
    const user = userEvent.setup();
    const unauthorized = vi.fn();
    setUnauthorizedHandler(unauthorized);
    mediaServer('events');
    renderAt(<AdminMedia kind="events" />);
    await user.upload(chooser(), [png('a.png'), png('b.png')]);
    await user.click(uploadButton());
    FakeXhr.sent[0].respond(401, { error: 'Authentication required' });
    await waitFor(() => expect(unauthorized).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem('adminToken')).toBeNull();
    // The second file is not sent with a token known to be refused.
    expect(FakeXhr.sent).toHaveLength(1);
  });
});

describe('the gallery’s year and month', () => {
  it('default to this month in India and travel with every file', async () => {
    // 31 January 20:00 UTC is already 1 February in India.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-31T20:00:00Z') });
    const user = userEvent.setup();
    mediaServer('gallery');
    renderAt(<AdminMedia kind="gallery" />);
    const year = screen.getByRole('combobox', { name: 'Year' });
    const month = screen.getByRole('combobox', { name: 'Month' });
    expect(year).toHaveValue('2026');
    expect(month).toHaveValue('2');
    expect(within(month).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
    ]);
    // The gallery page's years (features/media/years): this year in India and the nine before, never next year.
    const years = within(year).getAllByRole('option').map((o) => o.textContent);
    expect(years).toEqual(Array.from({ length: 10 }, (_, i) => String(2026 - i)));

    await user.upload(chooser(), [png('diwali.png')]);
    await user.selectOptions(year, '2024');
    await user.selectOptions(month, '11');
    await user.click(uploadButton());

    expect(FakeXhr.sent[0].body!.get('year')).toBe('2024');
    expect(FakeXhr.sent[0].body!.get('month')).toBe('11');
  });

  it('are not asked for on the other kinds', async () => {
    mediaServer('magazines');
    renderAt(<AdminMedia kind="magazines" />);
    await screen.findByText('No magazines uploaded yet.');
    expect(screen.queryByRole('combobox', { name: 'Year' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Month' })).not.toBeInTheDocument();
  });
});

describe('the stored images', () => {
  it('show as thumbnails of the small variant and delete after a confirmation that names the image', async () => {
    const user = userEvent.setup();
    const server = mediaServer('gallery', [item(1, 'Ganesh festival procession'), item(2, '')]);
    renderAt(<AdminMedia kind="gallery" />);

    const thumb = await screen.findByRole('img', { name: 'Ganesh festival procession (opens the original)' });
    expect(thumb).toHaveAttribute('src', item(1, '').variants[0].url);
    expect(thumb).toHaveAttribute('width', '96');
    expect(thumb).toHaveAttribute('height', '72');
    expect(thumb).toHaveAttribute('loading', 'lazy');
    expect(thumb.closest('a')).toHaveAttribute('href', item(1, '').url);
    expect(screen.getAllByText('September 2026')).toHaveLength(2);
    expect(screen.getByRole('img', { name: `Image ${item(2, '').image} (opens the original)` })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Delete: ${item(2, '').image}` }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(`Are you sure you want to delete “${item(2, '').image}”?`);
    const [name, month, uploaded] = within(dialog).getAllByRole('listitem').map((entry) => entry.textContent);
    expect([name, month]).toEqual([item(2, '').image, 'September 2026']);
    expect(uploaded).toMatch(/^Uploaded on: 12 Sept? 2026/);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('img', { name: /^Image / })).not.toBeInTheDocument());
    expect(server.calls('DELETE', '/api/gallery/2')).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Ganesh festival procession (opens the original)' })).toBeInTheDocument();
  });

  it('reload when the server announces a change of this kind, not of another', async () => {
    const rows = [item(1, 'First poster', 'events')];
    const server = mockFetch({ 'GET /api/events': () => json(rows, { total: rows.length }) });
    renderAt(<AdminMedia kind="events" />);
    await screen.findByText('First poster');
    const socket = FakeWebSocket.instances.at(-1)!;
    act(() => socket.open());

    rows.unshift(item(2, 'Second poster', 'events'));
    const loads = server.calls('GET', '/api/events').length;
    act(() => socket.receive({ type: 'media_updated', kind: 'gallery' }));
    expect(server.calls('GET', '/api/events')).toHaveLength(loads);
    act(() => socket.receive({ type: 'media_updated', kind: 'events' }));
    expect(await screen.findByText('Second poster')).toBeInTheDocument();
  });
});

/**
 * The image lists' corrections and order: Edit (the description, and the gallery's month) in a
 * dialog, Move up / Move down with the list loaded again in its new order, and the magazines'
 * PDFs (taken by the upload, shown by their first page with a PDF mark).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, noContent, renderAt } from '@/test/adminRender';
import { FakeWebSocket } from '@/test/fakeWebSocket';
import { FakeXhr } from '@/test/fakeXhr';
import { mediaItem } from '../testing/fakeMedia';
import type { MediaItem, MediaKind } from './api';
import { AdminMedia } from './AdminMedia';

/**
 * An image list kept in memory in the administrators' order, as the server keeps it: edits
 * change the description (and the gallery's month), a move swaps an image with its neighbour
 * (the gallery's within its month).
 */
function orderedServer(kind: MediaKind, initial: MediaItem[]) {
  const rows = initial.map((row) => ({ ...row }));
  const byMonth = kind === 'gallery';
  return {
    rows,
    ...mockFetch({
      [`GET /api/${kind}`]: (_request, url) => {
        const q = (url.searchParams.get('q') ?? '').toLowerCase();
        const hits = rows.filter((row) => !q || row.description.toLowerCase().includes(q));
        return json(hits, { total: hits.length });
      },
      [`PUT /api/${kind}/:id`]: async (request, _url, { id }) => {
        const row = rows.find((r) => r.id === Number(id));
        if (!row) return json({ error: 'Not found' }, { status: 404 });
        const body = (await request.json()) as { description: string; year?: number; month?: number };
        if (body.month !== undefined && (body.month < 1 || body.month > 12)) {
          return json({ error: 'Validation failed', fields: { month: 'Please choose a valid month.' } }, { status: 422 });
        }
        row.description = body.description.trim();
        if (byMonth && body.year) row.year = body.year;
        if (byMonth && body.month) row.month = body.month;
        return json(row);
      },
      [`POST /api/${kind}/:id/move`]: async (request, _url, { id }) => {
        const { direction } = (await request.json()) as { direction: 'up' | 'down' };
        const at = rows.findIndex((r) => r.id === Number(id));
        if (at < 0) return json({ error: 'Not found' }, { status: 404 });
        const other = direction === 'up' ? at - 1 : at + 1;
        const neighbour = rows[other];
        if (neighbour && (!byMonth || (neighbour.year === rows[at].year && neighbour.month === rows[at].month))) {
          [rows[at], rows[other]] = [rows[other], rows[at]];
        }
        return noContent();
      },
    }),
  };
}

const described = (id: number, description: string, kind: MediaKind, extra: Partial<MediaItem> = {}) => mediaItem(id, kind, { description, ...extra });
const order = () => screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1].textContent);

beforeEach(() => {
  FakeWebSocket.install();
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
  localStorage.setItem('adminToken', 'tok');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// Typing into dialogs takes a while on a busy machine.
describe('Edit', { timeout: 20_000 }, () => {
  it('corrects a gallery photo’s description and month in a dialog, and the list shows the change', async () => {
    const user = userEvent.setup();
    const server = orderedServer('gallery', [described(1, 'Diwali', 'gallery', { year: 2025, month: 10 })]);
    renderAt(<AdminMedia kind="gallery" />);
    await user.click(await screen.findByRole('button', { name: 'Edit: Diwali' }));

    const dialog = screen.getByRole('dialog', { name: 'Edit image: Diwali' });
    const description = within(dialog).getByRole('textbox', { name: 'Description' });
    expect(description).toHaveValue('Diwali');
    expect(description).toHaveFocus();
    expect(within(dialog).getByRole('combobox', { name: 'Year' })).toHaveValue('2025');
    expect(within(dialog).getByRole('combobox', { name: 'Month' })).toHaveValue('10');

    await user.clear(description);
    await user.type(description, ' Diwali pahat ');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Month' }), 'November');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved: Diwali pahat')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls('PUT', '/api/gallery/1').map((call) => call.body)).toEqual([{ description: 'Diwali pahat', year: 2025, month: 11 }]);
    const row = await screen.findByRole('row', { name: /Diwali pahat/ });
    expect(row).toHaveTextContent('November 2025');
  });

  it('asks only for the description on the other lists, and keeps one over 300 characters from being sent', async () => {
    const user = userEvent.setup();
    const server = orderedServer('events', [described(1, 'Utsav', 'events')]);
    renderAt(<AdminMedia kind="events" />);
    await user.click(await screen.findByRole('button', { name: 'Edit: Utsav' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    const description = within(dialog).getByRole('textbox', { name: 'Description' });

    await user.click(description);
    await user.paste('x'.repeat(300));
    expect(within(dialog).getByText('Maximum 300 characters allowed')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(server.calls('PUT', '/api/events/1')).toHaveLength(0);

    await user.clear(description);
    await user.type(description, 'Ganeshotsav poster');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved: Ganeshotsav poster');
    expect(server.calls('PUT', '/api/events/1').map((call) => call.body)).toEqual([{ description: 'Ganeshotsav poster' }]);
  });

  it('puts the server’s message under its field', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/gallery': () => json([described(1, 'Rangoli', 'gallery')], { total: 1 }),
      'PUT /api/gallery/:id': () => json({ error: 'Validation failed', fields: { year: 'Please choose a valid year.' } }, { status: 422 }),
    });
    renderAt(<AdminMedia kind="gallery" />);
    await user.click(await screen.findByRole('button', { name: 'Edit: Rangoli' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await within(screen.getByRole('dialog')).findByText('Please choose a valid year.')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('combobox', { name: 'Year' })).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('Move up and Move down', { timeout: 20_000 }, () => {
  it('move an image one place and show the list in its new order, the focus staying on the button', async () => {
    const user = userEvent.setup();
    const server = orderedServer('events', [described(3, 'Third', 'events'), described(2, 'Second', 'events'), described(1, 'First', 'events')]);
    renderAt(<AdminMedia kind="events" />);
    await screen.findByText('First');
    expect(order()).toEqual(['Third', 'Second', 'First']);
    // The top cannot go up, the bottom cannot go down.
    expect(screen.getByRole('button', { name: 'Move up: Third' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move down: First' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move down: Third' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Move up: First' }));
    expect(await screen.findByText('Moved up: First')).toBeInTheDocument();
    await waitFor(() => expect(order()).toEqual(['Third', 'First', 'Second']));
    expect(server.calls('POST', '/api/events/1/move').map((call) => call.body)).toEqual([{ direction: 'up' }]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move up: First' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Move up: First' }));
    await waitFor(() => expect(order()).toEqual(['First', 'Third', 'Second']));
    // At the top, the focus goes to the button that can still move it.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move down: First' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Move down: Third' }));
    expect(await screen.findByText('Moved down: Third')).toBeInTheDocument();
    await waitFor(() => expect(order()).toEqual(['First', 'Second', 'Third']));
  });

  it('keep a gallery photo within its month', async () => {
    orderedServer('gallery', [
      described(1, 'October one', 'gallery', { year: 2025, month: 10 }),
      described(2, 'October two', 'gallery', { year: 2025, month: 10 }),
      described(3, 'Navratri', 'gallery', { year: 2025, month: 9 }),
    ]);
    renderAt(<AdminMedia kind="gallery" />);
    expect(await screen.findByRole('button', { name: 'Move down: October one' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move down: October two' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move up: Navratri' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move down: Navratri' })).toBeDisabled();
  });

  it('are not offered on a search, whose rows are not the whole list', async () => {
    const user = userEvent.setup();
    orderedServer('events', [described(2, 'Poster b', 'events'), described(1, 'Poster a', 'events')]);
    renderAt(<AdminMedia kind="events" />);
    await screen.findByText('Poster a');
    expect(screen.getAllByRole('button', { name: /^Move up:/ })).toHaveLength(2);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'a');
    await waitFor(() => expect(screen.queryByText('Poster b')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /^Move/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit: Poster a' })).toBeInTheDocument();
  });
});

describe('magazines as PDFs', { timeout: 20_000 }, () => {
  const pdf = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

  it('are taken by the magazines’ upload, and by no other list', async () => {
    mockFetch({ 'GET /api/magazines': () => json([], { total: 0 }), 'GET /api/events': () => json([], { total: 0 }) });
    const { unmount } = renderAt(<AdminMedia kind="magazines" />);
    const chooser = screen.getByLabelText('Choose images or PDFs');
    expect(chooser.getAttribute('accept')!.split(',')).toEqual(expect.arrayContaining(['image/jpeg', 'application/pdf', '.pdf']));
    expect(screen.getByText('JPEG, PNG, WebP or GIF images, or PDF files (shown by their first page). Each file is sent on its own.')).toBeInTheDocument();

    await userEvent.upload(chooser as HTMLInputElement, [pdf('diwali-issue.pdf')]);
    const entry = within(screen.getByRole('list', { name: 'Chosen images' })).getByRole('listitem');
    expect(entry).toHaveTextContent('diwali-issue.pdf');
    expect(within(entry).queryByRole('img')).not.toBeInTheDocument();
    expect(entry).toHaveTextContent('PDF');
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(FakeXhr.sent).toHaveLength(1);
    expect((FakeXhr.sent[0].body!.get('image') as File).type).toBe('application/pdf');
    expect(FakeXhr.sent[0].url).toMatch(/\/api\/magazines$/);
    unmount();

    renderAt(<AdminMedia kind="events" />);
    const images = screen.getByLabelText('Choose images');
    expect(images.getAttribute('accept')).not.toContain('pdf');
    fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files: [pdf('issue.pdf')], types: ['Files'] } });
    expect(screen.getByRole('alert')).toHaveTextContent('Not added (not a JPEG, PNG, WebP or GIF image): issue.pdf');
  });

  it('show their first page with a PDF mark, linking to the PDF', async () => {
    const issue = described(5, 'Diwali issue', 'magazines', {
      image: `${'b'.repeat(32)}.pdf`,
      url: `/magazines/${'b'.repeat(32)}.pdf`,
      content_type: 'application/pdf',
      width: 1300,
      height: 1820,
    });
    mockFetch({ 'GET /api/magazines': () => json([issue, described(4, 'Cover', 'magazines')], { total: 2 }) });
    renderAt(<AdminMedia kind="magazines" />);
    const cover = await screen.findByRole('img', { name: 'Diwali issue (opens the PDF)' });
    expect(cover).toHaveAttribute('src', issue.variants[0].url);
    const link = cover.closest('a')!;
    expect(link).toHaveAttribute('href', issue.url);
    expect(link).toHaveAttribute('type', 'application/pdf');
    expect(link).toHaveTextContent('PDF');
    const image = screen.getByRole('img', { name: 'Cover (opens the original)' }).closest('a')!;
    expect(image).not.toHaveTextContent('PDF');
    expect(image).not.toHaveAttribute('type');
  });
});

import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, noContent, renderAt } from '@/test/adminRender';
import { AdminTable, type AdminColumn } from './AdminTable';
import { listLoader, rowDeleter } from '@/lib/adminList';

type Contact = { id: number; full_name: string; email: string; message: string; created_at: string };

const load = listLoader('/api/contacts');
const remove = rowDeleter('/api/contacts/{id}');

const contact = (id: number): Contact => ({
  id,
  full_name: `Person ${id}`,
  email: `p${id}@example.org`,
  message: `Message ${id}`,
  created_at: `2025-06-${String(id).padStart(2, '0')}T10:00:00+05:30`,
});

const columns: Array<AdminColumn<Contact>> = [
  { key: 'full_name', header: 'Full name', cell: (row) => row.full_name },
  { key: 'email', header: 'Email', cell: (row) => row.email },
];

/** A server with `count` contacts that honours q, sort, page and per_page like the real one. */
function contactServer(count: number, extra: Parameters<typeof mockFetch>[0] = {}) {
  let rows = Array.from({ length: count }, (_, i) => contact(i + 1));
  return mockFetch({
    ...extra,
    'GET /api/contacts': (_request, url) => {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Number(url.searchParams.get('per_page') ?? 50);
      const hits = rows.filter((r) => !q || r.full_name.toLowerCase().includes(q) || r.email.includes(q));
      const sort = url.searchParams.get('sort');
      if (sort) {
        const field = sort.replace(/^-/, '') as keyof Contact;
        const sign = sort.startsWith('-') ? -1 : 1;
        hits.sort((a, b) => sign * String(a[field]).localeCompare(String(b[field]), 'en', { numeric: true }));
      }
      return json(hits.slice((page - 1) * perPage, page * perPage), { total: hits.length });
    },
    'DELETE /api/contacts/1': () => {
      rows = rows.filter((r) => r.id !== 1);
      return noContent();
    },
  });
}

function renderTable(props: Partial<React.ComponentProps<typeof AdminTable<Contact>>> = {}) {
  return renderAt(
    <AdminTable<Contact>
      label="Contacts"
      columns={columns}
      load={load}
      onDelete={(row) => remove(row.id)}
      deleteConfirmation="Are you sure you want to delete this contact?"
      rowLabel={(row) => row.full_name}
      searchDelayMs={20}
      {...props}
    />,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AdminTable', () => {
  it('shows Loading... and then the rows with their count', async () => {
    const server = contactServer(2);
    renderTable();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('Person 1')).toBeInTheDocument();
    expect(screen.getByText('Person 2')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument();
    const [first] = server.calls('GET', '/api/contacts');
    expect(first.url.searchParams.get('page')).toBe('1');
    expect(first.url.searchParams.get('per_page')).toBe('25');
    expect(first.url.searchParams.has('q')).toBe(false);
    // Column labels travel with the cells for the phone's card layout.
    expect(screen.getByText('Person 1').closest('td')).toHaveAttribute('data-label', 'Full name');
  });

  it('sends the search as q once typing pauses, and starts again at page 1', async () => {
    const user = userEvent.setup();
    const server = contactServer(30);
    renderTable({ perPage: 10, searchDelayMs: 300 });
    await screen.findByText('Person 1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Person 3');
    await waitFor(() => expect(screen.getByText('Person 30')).toBeInTheDocument());
    const searches = server.calls('GET', '/api/contacts').filter((r) => r.url.searchParams.has('q'));
    // Debounced: one request for the whole word, not one per letter.
    expect(searches.map((r) => r.url.searchParams.get('q'))).toEqual(['Person 3']);
    expect(searches[0].url.searchParams.get('page')).toBe('1');
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument();
  });

  it('pages with X-Total-Count', async () => {
    const user = userEvent.setup();
    const server = contactServer(23);
    renderTable({ perPage: 10 });
    await screen.findByText('Person 1');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Person 11')).toBeInTheDocument();
    expect(screen.queryByText('Person 1')).not.toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Person 23')).toBeInTheDocument();
    expect(screen.getByText('Showing 21–23 of 23')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(server.calls('GET', '/api/contacts').map((r) => r.url.searchParams.get('page'))).toEqual(['1', '2', '3']);
  });

  it('asks before deleting, and deletes only after the confirmation', async () => {
    const user = userEvent.setup();
    const server = contactServer(2);
    renderTable();
    await screen.findByText('Person 1');

    await user.click(screen.getByRole('button', { name: 'Delete: Person 1' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this contact?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls('DELETE', '/api/contacts/1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete: Person 1' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls('DELETE', '/api/contacts/1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete: Person 1' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Person 1')).not.toBeInTheDocument());
    expect(server.calls('DELETE', '/api/contacts/1')).toHaveLength(1);
    expect(screen.getByText('Deleted successfully.')).toBeInTheDocument();
    expect(screen.getByText('Person 2')).toBeInTheDocument();
  });

  it('names the record in the confirmation with the page\'s describe(row), leaving out empty values', async () => {
    const user = userEvent.setup();
    contactServer(2);
    renderTable({ describe: (row) => [row.full_name, row.email, '', null, 'Received: today'] });
    await screen.findByText('Person 1');
    await user.click(screen.getByRole('button', { name: 'Delete: Person 1' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this contact?')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Person 1', 'p1@example.org', 'Received: today']);
  });

  it('names the record by its row label when the page gives no describe', async () => {
    const user = userEvent.setup();
    contactServer(1);
    renderTable();
    await user.click(await screen.findByRole('button', { name: 'Delete: Person 1' }));
    expect(within(screen.getByRole('dialog')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Person 1']);
  });

  it("says the page's own messages after a delete and after a refused one, with the server's message", async () => {
    const user = userEvent.setup();
    let refuse = false;
    contactServer(2, { 'DELETE /api/contacts/2': () => (refuse ? json({ error: 'Not found' }, { status: 404 }) : noContent()) });
    renderTable({
      deletedMessage: 'Contact removed',
      deleteFailedMessage: (message) => `Could not remove: ${message ?? 'no reason given'}`,
    });
    await screen.findByText('Person 1');

    await user.click(screen.getByRole('button', { name: 'Delete: Person 1' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Contact removed')).toBeInTheDocument();

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Delete: Person 2' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not remove: Not found');
  });

  it('shows the empty state, and a different one for a search without results', async () => {
    const user = userEvent.setup();
    contactServer(0);
    renderTable({ emptyMessage: 'No notifications found.' });
    expect(await screen.findByText('No notifications found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz');
    expect(await screen.findByText('No results match your search.')).toBeInTheDocument();
  });

  it('says "No data available" when the page gives no empty text', async () => {
    contactServer(0);
    renderTable();
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  it('shows an error with a way to try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockFetch({
      'GET /api/contacts': () => (fail ? json({ error: 'Internal server error' }, { status: 500 }) : json([contact(7)], { total: 1 })),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderTable();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the list');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Person 7')).toBeInTheDocument();
  });

  it('exports the searched list with the token and saves it under the server file name', async () => {
    const user = userEvent.setup();
    localStorage.setItem('adminToken', 'tok');
    const server = contactServer(3, {
      'GET /api/contacts/export/excel': () =>
        new Response('xlsx', { headers: { 'Content-Disposition': 'attachment; filename="contacts.xlsx"' } }),
    });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderTable({ exports: { excel: '/api/contacts/export/excel', pdf: '/api/contacts/export/pdf' } });
    await screen.findByText('Person 1');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Person 2');
    await waitFor(() => expect(screen.queryByText('Person 1')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Export Excel' }));
    expect(await screen.findByText('File downloaded: contacts.xlsx')).toBeInTheDocument();
    const [request] = server.calls('GET', '/api/contacts/export/excel');
    expect(request.url.searchParams.get('q')).toBe('Person 2');
    expect(request.headers.get('Authorization')).toBe('Bearer tok');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Export PDF' })).toBeInTheDocument();
  });

  it("sends the page's filters with every list request and with the exports, leaving out empty ones", async () => {
    const user = userEvent.setup();
    const server = contactServer(12, {
      'GET /api/contacts/export/excel': () =>
        new Response('xlsx', { headers: { 'Content-Disposition': 'attachment; filename="contacts.xlsx"' } }),
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    /** A page with a filter of its own next to the table; the filters object is new on every render. */
    function FilteredPage() {
      const [from, setFrom] = useState('');
      const [renders, setRenders] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setFrom('2025-06-05')}>
            Set filter
          </button>
          <button type="button" onClick={() => setRenders((n) => n + 1)}>
            Render again {renders}
          </button>
          <AdminTable<Contact>
            label="Contacts"
            columns={columns}
            load={load}
            perPage={5}
            filters={{ from, to: '', status: undefined }}
            exports={{ excel: '/api/contacts/export/excel' }}
          />
        </>
      );
    }
    renderAt(<FilteredPage />);
    await screen.findByText('Person 1');
    const lists = () => server.calls('GET', '/api/contacts');
    const params = (url: URL) => Object.fromEntries(url.searchParams);
    expect(params(lists()[0].url)).toEqual({ page: '1', per_page: '5' });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    await user.click(screen.getByRole('button', { name: 'Set filter' }));
    // A new filter starts again at page 1, and travels with the list request.
    await waitFor(() => expect(params(lists().at(-1)!.url)).toEqual({ from: '2025-06-05', page: '1', per_page: '5' }));
    await screen.findByText('Page 1 of 3');
    // The same filters in a new object do not reload the list.
    const loads = lists().length;
    await user.click(screen.getByRole('button', { name: /^Render again/ }));
    await screen.findByRole('button', { name: 'Render again 1' });
    expect(lists()).toHaveLength(loads);

    await user.click(screen.getByRole('button', { name: 'Export Excel' }));
    expect(await screen.findByText('File downloaded: contacts.xlsx')).toBeInTheDocument();
    expect(params(server.calls('GET', '/api/contacts/export/excel')[0].url)).toEqual({ from: '2025-06-05', lang: 'en' });
  });

  describe('sorting', () => {
    const sortableColumns: Array<AdminColumn<Contact>> = [
      { key: 'full_name', header: 'Full name', cell: (row) => row.full_name, sortable: true },
      { key: 'email', header: 'Email', cell: (row) => row.email },
      { key: 'received', header: 'Date', cell: (row) => row.created_at, sortable: 'created_at' },
    ];
    const heading = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    const firstCells = () => screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0].textContent);
    const sortParams = (server: ReturnType<typeof contactServer>) =>
      server.calls('GET', '/api/contacts').map((r) => r.url.searchParams.get('sort'));

    it('sorts ascending on the first click of a heading and descending on the second, back at page 1', async () => {
      const user = userEvent.setup();
      const server = contactServer(12);
      renderTable({ columns: sortableColumns, perPage: 5 });
      await screen.findByText('Person 1');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await screen.findByText('Page 2 of 3');
      expect(heading('Full name')).not.toHaveAttribute('aria-sort');

      await user.click(screen.getByRole('button', { name: 'Full name' }));
      await waitFor(() => expect(heading('Full name')).toHaveAttribute('aria-sort', 'ascending'));
      await waitFor(() => expect(firstCells()).toEqual(['Person 1', 'Person 2', 'Person 3', 'Person 4', 'Person 5']));
      expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Full name' }));
      await waitFor(() => expect(heading('Full name')).toHaveAttribute('aria-sort', 'descending'));
      await waitFor(() => expect(firstCells()).toEqual(['Person 12', 'Person 11', 'Person 10', 'Person 9', 'Person 8']));

      await user.click(screen.getByRole('button', { name: 'Full name' }));
      await waitFor(() => expect(heading('Full name')).toHaveAttribute('aria-sort', 'ascending'));
      expect(sortParams(server)).toEqual([null, null, 'full_name', '-full_name', 'full_name']);
      expect(server.calls('GET', '/api/contacts').slice(2).map((r) => r.url.searchParams.get('page'))).toEqual(['1', '1', '1']);
    });

    it('sorts by the server field a column names, and one sorted heading at a time carries aria-sort', async () => {
      const user = userEvent.setup();
      const server = contactServer(3);
      renderTable({ columns: sortableColumns });
      await screen.findByText('Person 1');
      await user.click(screen.getByRole('button', { name: 'Full name' }));
      await waitFor(() => expect(heading('Full name')).toHaveAttribute('aria-sort', 'ascending'));

      await user.click(screen.getByRole('button', { name: 'Date' }));
      await waitFor(() => expect(heading('Date')).toHaveAttribute('aria-sort', 'ascending'));
      expect(heading('Full name')).not.toHaveAttribute('aria-sort');
      expect(sortParams(server).at(-1)).toBe('created_at');
      // A column that is not declared sortable has a plain heading.
      expect(within(heading('Email')).queryByRole('button')).not.toBeInTheDocument();
      expect(heading('Email')).not.toHaveAttribute('aria-sort');
    });

    it('is operated from the keyboard: Tab to the heading, Enter and Space sort', async () => {
      const user = userEvent.setup();
      const server = contactServer(3);
      renderTable({ columns: sortableColumns });
      await screen.findByText('Person 1');
      const button = screen.getByRole('button', { name: 'Full name' });
      await user.tab();
      await user.tab();
      expect(button).toHaveFocus();
      await user.keyboard('{Enter}');
      await waitFor(() => expect(heading('Full name')).toHaveAttribute('aria-sort', 'ascending'));
      await user.keyboard(' ');
      await waitFor(() => expect(heading('Full name')).toHaveAttribute('aria-sort', 'descending'));
      await waitFor(() => expect(firstCells()).toEqual(['Person 3', 'Person 2', 'Person 1']));
      expect(sortParams(server).slice(1)).toEqual(['full_name', '-full_name']);
    });

    it("shows the server's default order on its column and asks for it explicitly", async () => {
      const user = userEvent.setup();
      const server = contactServer(3);
      renderTable({ columns: sortableColumns, defaultSort: '-created_at' });
      await screen.findByText('Person 1');
      expect(heading('Date')).toHaveAttribute('aria-sort', 'descending');
      expect(within(heading('Date')).getByText('▼')).toHaveAttribute('aria-hidden', 'true');
      expect(firstCells()).toEqual(['Person 3', 'Person 2', 'Person 1']);
      // The heading's tooltip names the action in the page's language.
      expect(screen.getByRole('button', { name: 'Date' })).toHaveAttribute('title', 'Sort by Date');
      // Sorted descending already: the next click turns it around.
      await user.click(screen.getByRole('button', { name: 'Date' }));
      await waitFor(() => expect(firstCells()).toEqual(['Person 1', 'Person 2', 'Person 3']));
      expect(sortParams(server)).toEqual(['-created_at', 'created_at']);
    });

    it('exports the list in the order shown', async () => {
      const user = userEvent.setup();
      const server = contactServer(3, {
        'GET /api/contacts/export/pdf': () =>
          new Response('%PDF', { headers: { 'Content-Disposition': 'attachment; filename="contacts.pdf"' } }),
      });
      vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      renderTable({ columns: sortableColumns, exports: { pdf: '/api/contacts/export/pdf' } });
      await screen.findByText('Person 1');
      await user.click(screen.getByRole('button', { name: 'Full name' }));
      await user.click(screen.getByRole('button', { name: 'Full name' }));
      await waitFor(() => expect(heading('Full name')).toHaveAttribute('aria-sort', 'descending'));
      await user.click(screen.getByRole('button', { name: 'Export PDF' }));
      expect(await screen.findByText('File downloaded: contacts.pdf')).toBeInTheDocument();
      expect(server.calls('GET', '/api/contacts/export/pdf')[0].url.searchParams.get('sort')).toBe('-full_name');
    });
  });
});

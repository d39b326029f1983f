import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, noContent, renderAt } from '@/test/adminRender';
import { FakeWebSocket } from '@/test/fakeWebSocket';
import type { MemberRow } from './api';
import { family, headRow, memberRow } from '../testing/fakeFamilies';
import AdminFamily from './AdminFamily';

const open = (headId: number | string = 3) => renderAt(<AdminFamily />, { path: '/admin/family/:headId', entry: `/admin/family/${headId}` });

/** A server holding one family (head 3) whose members the handlers change. */
function serveFamily(members: MemberRow[], head = headRow(3, 'Suresh', 'Patil')) {
  const state = { head, members, deleted: false };
  const server = mockFetch({
    'GET /api/heads/:id': (_r, _u, { id }) =>
      Number(id) === 3 && !state.deleted ? json(family(state.head, state.members)) : json({ error: 'Not found' }, { status: 404 }),
    'PUT /api/heads/:id': async (request) => {
      state.head = { ...state.head, ...(await request.json()) };
      return json(state.head);
    },
    'PUT /api/family-members/:id': async (request, _u, { id }) => {
      const body = await request.json();
      state.members = state.members.map((m) => (m.id === Number(id) ? { ...m, ...body } : m));
      return json(state.members.find((m) => m.id === Number(id)));
    },
    'POST /api/heads/:id/members': async (request) => {
      const row = { ...(await request.json()), id: 99, headId: 3 } as MemberRow;
      state.members = [...state.members, row];
      return json(row, { status: 201 });
    },
    'DELETE /api/family-members/:id': (_r, _u, { id }) => {
      state.members = state.members.filter((m) => m.id !== Number(id));
      return noContent();
    },
  });
  return { server, state };
}

const table = () => screen.getByRole('table', { name: 'Family members' });
const findTable = () => screen.findByRole('table', { name: 'Family members' });

beforeEach(() => {
  FakeWebSocket.install();
  localStorage.setItem('adminToken', 'tok');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the family page /admin/family/:headId', () => {
  it("shows a back link, the head's details and the members with their relation", async () => {
    serveFamily([memberRow(11, 3, 'Sunita', 'Daughter'), memberRow(12, 3, 'Rohan', 'Son', { sex: 'Male', status: 'Married' })], headRow(3, 'Suresh', 'Patil', { duplicateOf: 1 }));
    open();
    expect(await screen.findByText('Family of Suresh रामचंद्र Patil')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Family Members' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Family Details/ })).toHaveAttribute('href', '/admin/dashboard/heads');
    const head = screen.getByRole('region', { name: 'Head of family' });
    expect(within(head).getByText('Married')).toBeInTheDocument();
    expect(within(head).getByText('1970-05-14')).toBeInTheDocument();
    expect(within(head).getByText('Possible duplicate')).toBeInTheDocument();
    expect(within(head).getByRole('link', { name: 'Open the earlier family (#1)' })).toHaveAttribute('href', '/admin/family/1');
    const rohan = within(await findTable()).getByText('Rohan पाटील').closest('tr')!;
    expect(within(rohan).getByText('Son')).toBeInTheDocument();
    expect(within(rohan).getByText('Male')).toBeInTheDocument();
    expect(within(table()).getByText('Sunita पाटील')).toBeInTheDocument();
  });

  it("searches the members and says 'No family members found' when none match, or the family has none", async () => {
    serveFamily([memberRow(11, 3, 'Sunita', 'Daughter'), memberRow(12, 3, 'Rohan', 'Son')]);
    open();
    await screen.findByText('Rohan पाटील');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'daughter{Enter}');
    await waitFor(() => expect(screen.queryByText('Rohan पाटील')).not.toBeInTheDocument());
    expect(screen.getByText('Sunita पाटील')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'nobody{Enter}');
    expect(await screen.findByText('No family members found')).toBeInTheDocument();
  });

  it("says 'No family members found' for a family without members", async () => {
    serveFamily([]);
    open();
    expect(await screen.findByText('No family members found')).toBeInTheDocument();
  });

  it("edits the head with the head's rules, shows the server's messages under the fields, then saves", async () => {
    const { server } = serveFamily([]);
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit: Suresh रामचंद्र Patil' }));
    const editor = screen.getByRole('region', { name: 'Edit head of family' });
    expect(within(editor).getByRole('heading', { name: 'Edit head of family' })).toHaveFocus();
    expect(within(editor).getByLabelText('First name')).toHaveValue('Suresh');
    expect(within(editor).getByLabelText('Marital status')).toHaveValue('Married');
    fireEvent.change(within(editor).getByLabelText("Father's name"), { target: { value: '' } });
    expect(within(editor).getByLabelText("Father's name")).toHaveAccessibleDescription('Father name is required');
    await userEvent.click(within(editor).getByRole('button', { name: 'Update' }));
    expect(server.calls('PUT', '/api/heads/3')).toHaveLength(0);
    await waitFor(() => expect(within(editor).getByLabelText("Father's name")).toHaveFocus());

    fireEvent.change(within(editor).getByLabelText("Father's name"), { target: { value: 'Ramchandra' } });
    fireEvent.change(within(editor).getByLabelText('Area'), { target: { value: 'Pune' } });
    await userEvent.click(within(editor).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Head of family updated.')).toBeInTheDocument();
    expect(server.calls('PUT', '/api/heads/3')[0].body).toMatchObject({ fatherName: 'Ramchandra', area: 'Pune', firstName: 'Suresh', dob: '1970-05-14' });
    expect(within(screen.getByRole('region', { name: 'Head of family' })).getByText('Pune')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit: Suresh रामचंद्र Patil' })).toHaveFocus());
  });

  it("puts a 422's messages (unprefixed field names) under the member's fields", async () => {
    const { server } = serveFamily([memberRow(11, 3, 'Sunita', 'Daughter')]);
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit: Sunita पाटील' }));
    const editor = screen.getByRole('region', { name: 'Edit family member' });
    server.fetchMock.mockImplementationOnce(async () => json({ error: 'Validation failed', fields: { whatsapp: 'Enter 10-digit number' } }, { status: 422 }));
    await userEvent.click(within(editor).getByRole('button', { name: 'Update' }));
    expect(await within(editor).findByText('Enter 10-digit number')).toBeInTheDocument();
    expect(within(editor).getByLabelText('WhatsApp number')).toHaveAccessibleDescription('Enter 10-digit number');
  });

  it('corrects a member: the table shows the new value', async () => {
    const { server } = serveFamily([memberRow(11, 3, 'Sunita', 'Daughter')]);
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit: Sunita पाटील' }));
    const editor = screen.getByRole('region', { name: 'Edit family member' });
    expect(screen.getByRole('region', { name: 'Family members', hidden: true })).not.toBeVisible();
    expect(within(editor).getByLabelText('Relation to the head of family')).toHaveValue('Daughter');
    fireEvent.change(within(editor).getByLabelText('Name'), { target: { value: 'Sunita Devi' } });
    await userEvent.click(within(editor).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Family member updated.')).toBeInTheDocument();
    expect(server.calls('PUT', '/api/family-members/11')[0].body).toMatchObject({ name: 'Sunita Devi', relation: 'Daughter', sex: 'Female' });
    expect(await within(table()).findByText('Sunita Devi पाटील')).toBeInTheDocument();
  });

  it('adds a forgotten member and deletes one after a confirmation', async () => {
    const { server } = serveFamily([memberRow(11, 3, 'Sunita', 'Daughter')]);
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Add family member' }));
    const editor = screen.getByRole('region', { name: 'Add family member' });
    const set = (label: string, value: string) => fireEvent.change(within(editor).getByLabelText(label), { target: { value } });
    set('Name', 'Kavita');
    set('Relation to the head of family', 'Wife');
    set("Father's name", 'Vasant');
    set("Mother's name", 'Malati');
    set('Surname', 'Patil');
    set('Date of birth', '1975-03-09');
    set('Sex', 'Female');
    set('Education', 'B.A.');
    set('Occupation', 'Teacher');
    set('Marital status', 'Married');
    set('Work address', 'Solapur');
    set('WhatsApp number', '9876500000');
    set('Area', 'Solapur');
    await userEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Family member added.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/heads/3/members')[0].body).toMatchObject({ name: 'Kavita', relation: 'Wife', age: expect.stringMatching(/^\d+$/) });
    expect(await within(table()).findByText('Kavita Patil')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete: Sunita पाटील' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this family member?');
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Sunita पाटील', 'Relation to the head of family: Daughter', 'Date of birth: 1998-02-01']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(table()).queryByText('Sunita पाटील')).not.toBeInTheDocument());
    expect(server.calls('DELETE', '/api/family-members/11')).toHaveLength(1);
  });

  it("downloads the family's Excel and PDF", async () => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { server } = serveFamily([]);
    const file = (name: string) => () => new Response('x', { headers: { 'Content-Disposition': `attachment; filename="${name}"` } });
    const handlers = server.fetchMock.getMockImplementation()!;
    server.fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname === '/api/family-members/excel/3') return file('family_3.xlsx')();
      if (url.pathname === '/api/family-members/pdf/3') return file('family_3.pdf')();
      return handlers(input, init);
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Export Excel' }));
    expect(await screen.findByText('File downloaded: family_3.xlsx')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Export PDF' }));
    expect(await screen.findByText('File downloaded: family_3.pdf')).toBeInTheDocument();
    expect(saved).toEqual(['family_3.xlsx', 'family_3.pdf']);
  });

  it('says the family no longer exists for an unknown id', async () => {
    serveFamily([]);
    open(8);
    expect(await screen.findByText('This family no longer exists.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Family Details/ })).toHaveAttribute('href', '/admin/dashboard/heads');
  });

  it('reloads on familiesUpdated: a member added elsewhere appears, a family deleted elsewhere is gone', async () => {
    const { state } = serveFamily([]);
    open();
    expect(await screen.findByText('No family members found')).toBeInTheDocument();
    state.members = [memberRow(20, 3, 'Anil', 'Son')];
    act(() => FakeWebSocket.instances.at(-1)!.receive({ type: 'familiesUpdated' }));
    expect(await within(await findTable()).findByText('Anil पाटील')).toBeInTheDocument();
    state.deleted = true;
    act(() => FakeWebSocket.instances.at(-1)!.receive({ type: 'familiesUpdated' }));
    expect(await screen.findByText('This family no longer exists.')).toBeInTheDocument();
  });
});

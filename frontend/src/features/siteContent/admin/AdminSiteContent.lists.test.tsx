/** The editor's lists (add, remove, move, with the focus and the messages following) and its images. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/adminRender';
import { FakeXhr } from '@/test/fakeXhr';
import type { SiteContent } from '@bindings/SiteContent';
import { siteServer } from '../testing/siteServer';
import { editorTestSetup, field, opened, saveButton, tab } from '../testing/editorPage';

editorTestSetup();


describe('the lists', () => {
  const names = (list: HTMLElement) => within(list).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

  it('move a group down and up, the focus staying on the moved group’s button', async () => {
    const user = userEvent.setup();
    const server = siteServer();
    await opened();
    await user.click(tab('Team'));
    const panel = screen.getByRole('tabpanel');
    expect(names(panel)).toEqual(['Trustees', 'Office Bearers', 'Invited Members']);
    expect(screen.getByRole('button', { name: 'Move up: Trustees' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move down: Trustees' }));
    expect(names(panel)).toEqual(['Office Bearers', 'Trustees', 'Invited Members']);
    expect(screen.getByRole('button', { name: 'Move down: Trustees' })).toHaveFocus();
    // Said to screen readers.
    expect(screen.getByText('Trustees moved to place 2 of 3.')).toHaveAttribute('role', 'status');

    // At the end, the focus goes to the other button.
    await user.click(screen.getByRole('button', { name: 'Move down: Trustees' }));
    expect(names(panel)).toEqual(['Office Bearers', 'Invited Members', 'Trustees']);
    expect(screen.getByRole('button', { name: 'Move up: Trustees' })).toHaveFocus();

    // The members moved with their group.
    expect(field('Name (English): Shrikant Patil')).toBeInTheDocument();
    await user.click(saveButton());
    await screen.findByText('Draft saved. Visitors see it once it is published.');
    const body = server.calls('PUT', '/api/admin/site')[0].body as { content: SiteContent };
    expect(body.content.team.map((group) => group.title.en)).toEqual(['Office Bearers', 'Invited Members', 'Trustees']);
    expect(body.content.team[2].members).toHaveLength(2);
  });

  it('remove a member, the focus going to the next one (or the one before, or Add)', async () => {
    const user = userEvent.setup();
    siteServer();
    await opened();
    await user.click(tab('Team'));
    await user.click(screen.getByRole('button', { name: 'Remove: Mohan Deshmukh' }));
    expect(screen.queryByRole('button', { name: 'Remove: Mohan Deshmukh' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Shrikant Patil' })).toHaveFocus();
    expect(screen.getByText('Mohan Deshmukh removed. It goes from the site when the draft is saved and published.')).toBeInTheDocument();
    expect(screen.getByText('Changes not saved yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove: Ramesh More' }));
    const addMember = screen.getAllByRole('button', { name: 'Add a member' })[1];
    expect(addMember).toHaveFocus();
    expect(within(screen.getByRole('region', { name: 'Members: Office Bearers' })).getByText('No members yet.')).toBeInTheDocument();
  });

  it('add a member, the focus going to the new member’s first field', async () => {
    const user = userEvent.setup();
    const server = siteServer();
    await opened();
    await user.click(tab('Team'));
    const invited = screen.getByRole('region', { name: 'Members: Invited Members' });
    await user.click(within(invited).getByRole('button', { name: 'Add a member' }));
    const first = within(invited).getByRole('textbox', { name: 'Name (English): Member 1' });
    expect(first).toHaveFocus();
    await user.type(first, 'Vasant Kale');
    expect(within(invited).getByRole('heading', { name: 'Vasant Kale' })).toBeInTheDocument();
    // The server's rules ask for every text in both languages before anything is sent.
    await user.click(saveButton());
    await waitFor(() => expect(within(invited).getByRole('textbox', { name: 'Name (Marathi): Vasant Kale' })).toHaveFocus());
    expect(server.calls('PUT', '/api/admin/site')).toHaveLength(0);
    await user.type(within(invited).getByRole('textbox', { name: 'Name (Marathi): Vasant Kale' }), 'वसंत काळे');
    await user.type(within(invited).getByRole('textbox', { name: 'Role (English): Vasant Kale' }), 'Invited Member');
    await user.type(within(invited).getByRole('textbox', { name: 'Role (Marathi): Vasant Kale' }), 'निमंत्रित सदस्य');
    await user.click(saveButton());
    await screen.findByText('Draft saved. Visitors see it once it is published.');
    const body = server.calls('PUT', '/api/admin/site')[0].body as { content: SiteContent };
    expect(body.content.team[2].members).toEqual([
      { name: { en: 'Vasant Kale', mr: 'वसंत काळे' }, role: { en: 'Invited Member', mr: 'निमंत्रित सदस्य' } },
    ]);
  });

  it('keep a message with its item when the item moves', async () => {
    const user = userEvent.setup();
    const server = siteServer();
    server.answers.put = () => json({ error: 'Validation failed', fields: { 'organisation.social.1.url': 'Use an https link' } }, { status: 422 });
    await opened();
    await user.type(field('Email'), 'x');
    await user.click(saveButton());
    await waitFor(() => expect(field('Link address (https://…): YouTube')).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Move up: YouTube' }));
    expect(field('Link address (https://…): YouTube')).toHaveAccessibleDescription('Use an https link');
    expect(field('Link address (https://…): Facebook')).not.toHaveAttribute('aria-invalid');
  });
});

describe('images', () => {
  it('upload a slide’s image and put its address in the content', async () => {
    const user = userEvent.setup();
    const server = siteServer();
    await opened();
    await user.click(tab('Home page'));
    const file = new File(['png'], 'temple.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Choose another image: Temple'), file);
    const [request] = FakeXhr.sent;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/admin/site/images');
    expect(request.headers.Authorization).toBe('Bearer tok');
    expect(request.body!.get('file')).toMatchObject({ name: 'temple.png' });
    request.progress(50, 100);
    expect(screen.getByRole('progressbar', { name: 'Upload progress: Temple' })).toHaveValue(50);
    request.respond(201, { url: '/uploads/0123456789abcdef0123456789abcdef.png' });
    await waitFor(() => expect(screen.getByText('0123456789abcdef0123456789abcdef.png')).toBeInTheDocument());

    await user.click(saveButton());
    await screen.findByText('Draft saved. Visitors see it once it is published.');
    const body = server.calls('PUT', '/api/admin/site')[0].body as { content: SiteContent };
    expect(body.content.slides[1].image).toBe('/uploads/0123456789abcdef0123456789abcdef.png');
  });

  it('say why an image was refused', async () => {
    const user = userEvent.setup();
    siteServer();
    await opened();
    await user.click(tab('Home page'));
    await user.upload(screen.getByLabelText('Choose another image: Sponsor 1'), new File(['x'], 'a.png', { type: 'image/png' }));
    FakeXhr.sent[0].respond(415, { error: 'Unsupported media type' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Unsupported media type');
    expect(screen.getByLabelText('Choose another image: Sponsor 1')).toHaveAttribute('aria-invalid', 'true');
    expect(saveButton()).toBeDisabled();
  });
});

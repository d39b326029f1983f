import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderAt } from '@/test/adminRender';
import type { SiteContent } from '@bindings/SiteContent';
import { fakeDraft } from '../testing/fakeSite';
import { siteServer } from '../testing/siteServer';
import { editorTestSetup, field, opened as openedAt, saveButton, tab } from '../testing/editorPage';
import AdminSiteContent from './AdminSiteContent';

editorTestSetup();

const opened = () => openedAt([{ path: '/elsewhere', element: <p>Elsewhere</p> }]);

describe('the site content editor', () => {
  it('shows the organisation in English and Marathi (and Telugu for the name), each field labelled with its language', async () => {
    siteServer();
    await opened();
    expect(field('Name (English)')).toHaveValue('Test Samiti, Pune');
    expect(field('Name (Marathi)')).toHaveValue('चाचणी समिती, पुणे');
    expect(field('Name (Marathi)')).toHaveAttribute('lang', 'mr');
    expect(field('Name (Telugu)')).toHaveAttribute('lang', 'te');
    expect(field('Address (Marathi)')).toHaveValue('१ चाचणी रस्ता, पुणे');
    expect(field('Link name: Facebook')).toHaveValue('Facebook');
    expect(tab('Organisation')).toHaveAttribute('aria-selected', 'true');
    expect(saveButton()).toBeDisabled();
    expect(screen.queryByText(/sample content of a new site/)).not.toBeInTheDocument();
  });

  it('says when the draft is the sample content and when it has unpublished changes', async () => {
    siteServer(fakeDraft({ sample: true, unpublished_changes: true }));
    await opened();
    expect(screen.getByText('This is the sample content of a new site. Replace it with your organisation’s own details, then publish.')).toBeInTheDocument();
    expect(screen.getByText('The draft has changes that visitors do not see yet. Publish to show them.')).toBeInTheDocument();
  });

  it('saves the draft with its revision and says so', async () => {
    const user = userEvent.setup();
    const server = siteServer();
    await opened();
    await user.clear(field('Name (English)'));
    await user.type(field('Name (English)'), 'New Samiti');
    expect(screen.getByText('Changes not saved yet')).toBeInTheDocument();

    await user.click(saveButton());
    expect(await screen.findByText('Draft saved. Visitors see it once it is published.')).toBeInTheDocument();
    const [put] = server.calls('PUT', '/api/admin/site');
    expect(put.headers.get('Authorization')).toBe('Bearer tok');
    const body = put.body as { revision: number; content: SiteContent };
    expect(body.revision).toBe(4);
    expect(body.content.organisation.name).toEqual({ en: 'New Samiti', mr: 'चाचणी समिती, पुणे', te: 'పరీక్ష సమితి, పుణె' });
    expect(body.content.team).toEqual(fakeDraft().content.team);
    expect(saveButton()).toBeDisabled();
    expect(screen.getByText('The draft has changes that visitors do not see yet. Publish to show them.')).toBeInTheDocument();

    // The next save carries the new revision.
    await user.type(field('Short name (English)'), '!');
    await user.click(saveButton());
    await waitFor(() => expect(server.calls('PUT', '/api/admin/site')).toHaveLength(2));
    expect((server.calls('PUT', '/api/admin/site')[1].body as { revision: number }).revision).toBe(5);
  });

  it('drops an emptied phone from the member rather than sending an empty one', async () => {
    const user = userEvent.setup();
    const server = siteServer();
    await opened();
    await user.click(tab('Team'));
    await user.clear(field('Phone (optional): Shrikant Patil'));
    await user.click(saveButton());
    await screen.findByText('Draft saved. Visitors see it once it is published.');
    const body = server.calls('PUT', '/api/admin/site')[0].body as { content: SiteContent };
    expect(body.content.team[0].members[1]).toEqual({ name: { en: 'Shrikant Patil', mr: 'श्रीकांत पाटील' }, role: { en: 'Trustee', mr: 'विश्वस्त' } });
  });

  it('on 422 shows every message under its field, opens the tab of the first and focuses it', async () => {
    const user = userEvent.setup();
    const server = siteServer();
    server.answers.put = () =>
      json(
        {
          error: 'Validation failed',
          fields: {
            'team.1.members.0.name.mr': 'Name is required',
            'team.0.members': 'At most 40 members',
            'slides.1.image': 'Please choose an image to upload.',
            'sub_bodies.2.id': 'Unknown sub-body',
          },
        },
        { status: 422 },
      );
    await opened();
    await user.type(field('Name (English)'), ' ');
    await user.click(saveButton());

    expect(await screen.findByText('The draft was not saved. Please correct the fields marked.')).toBeInTheDocument();
    // The team comes first among the parts with messages.
    await waitFor(() => expect(tab('Team')).toHaveAttribute('aria-selected', 'true'));
    expect(tab('Team')).toHaveTextContent('2 to correct');
    expect(tab('Home page')).toHaveTextContent('1 to correct');
    expect(tab('Sub-bodies')).toHaveTextContent('1 to correct');
    expect(tab('Organisation')).not.toHaveTextContent('to correct');
    // The list's message comes first on the page: it has the focus.
    const listMessage = screen.getByText('At most 40 members');
    await waitFor(() => expect(listMessage).toHaveFocus());
    const marathiName = field('Name (Marathi): Ramesh More');
    expect(marathiName).toHaveAttribute('aria-invalid', 'true');
    expect(marathiName).toHaveAccessibleDescription('Name is required');

    // Typing in the field takes its message away.
    await user.type(marathiName, 'रमेश');
    expect(marathiName).not.toHaveAttribute('aria-invalid');
    expect(tab('Team')).toHaveTextContent('1 to correct');

    await user.click(tab('Home page'));
    expect(screen.getByLabelText('Choose another image: Temple')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Please choose an image to upload.')).toBeInTheDocument();
    await user.click(tab('Sub-bodies'));
    expect(screen.getByText('Unknown sub-body')).toBeInTheDocument();
  });

  it('on 422 about a field of another tab, opens that tab and focuses the field', async () => {
    const user = userEvent.setup();
    const server = siteServer();
    server.answers.put = () => json({ error: 'Validation failed', fields: { 'about.mr': 'Maximum 20000 characters allowed' } }, { status: 422 });
    await opened();
    await user.type(field('Email'), 'x');
    await user.click(saveButton());
    await waitFor(() => expect(field('About page text (Marathi)')).toHaveFocus());
    expect(tab('Pages')).toHaveAttribute('aria-selected', 'true');
    expect(field('About page text (Marathi)')).toHaveAccessibleDescription('Maximum 20000 characters allowed');
  });

  it('on 409 offers Reload, which fetches the draft someone else saved', async () => {
    const user = userEvent.setup();
    const server = siteServer();
    await opened();
    const theirs = { ...fakeDraft().content, organisation: { ...fakeDraft().content.organisation, email: 'theirs@example.org' } };
    server.changeElsewhere(theirs);
    await user.type(field('Name (English)'), ' (mine)');
    await user.click(saveButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The draft was changed by someone else. Reload it to see their changes.');
    // Nothing was lost yet: the edit is still there.
    expect(field('Name (English)')).toHaveValue('Test Samiti, Pune (mine)');
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(field('Email')).toHaveValue('theirs@example.org'));
    expect(field('Name (English)')).toHaveValue('Test Samiti, Pune');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(server.calls('GET', '/api/admin/site')).toHaveLength(2);

    // The reloaded draft's revision is the one saved with next.
    await user.type(field('Name (English)'), '!');
    await user.click(saveButton());
    await screen.findByText('Draft saved. Visitors see it once it is published.');
    expect((server.calls('PUT', '/api/admin/site')[1].body as { revision: number }).revision).toBe(5);
  });

  it('publishes after a confirmation, saving the unsaved changes first', async () => {
    const user = userEvent.setup();
    const server = siteServer();
    await opened();
    await user.type(field('Name (English)'), '!');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Save the changes and publish the draft? Visitors see it within a few seconds.');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Published. Visitors see the new content within a few seconds.')).toBeInTheDocument();
    expect(server.calls('PUT', '/api/admin/site')).toHaveLength(1);
    const [publish] = server.calls('POST', '/api/admin/site/publish');
    expect(publish.body).toEqual({ revision: 5 });
    expect(screen.queryByText('The draft has changes that visitors do not see yet. Publish to show them.')).not.toBeInTheDocument();
    await waitFor(() => expect(server.calls('GET', '/api/admin/site/versions')).toHaveLength(2));
  });

  it('does not publish when the save is refused, and Cancel publishes nothing', async () => {
    const user = userEvent.setup();
    const server = siteServer();
    server.answers.put = () => json({ error: 'Validation failed', fields: { 'organisation.email': 'Invalid email address.' } }, { status: 422 });
    await opened();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(server.calls('POST', '/api/admin/site/publish')).toHaveLength(0);

    await user.type(field('Email'), 'x');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(field('Email')).toHaveFocus());
    expect(field('Email')).toHaveAccessibleDescription('Invalid email address.');
    expect(server.calls('POST', '/api/admin/site/publish')).toHaveLength(0);
  });

  it('lists the versions and brings one back as the draft after a confirmation', async () => {
    const user = userEvent.setup();
    const server = siteServer();
    await opened();
    await user.click(tab('Versions'));
    const versions = await screen.findAllByRole('listitem');
    expect(versions[0]).toHaveTextContent('Version 2');
    expect(versions[0]).toHaveTextContent('On the site now');
    expect(versions[0]).toHaveTextContent('Published on 1 Mar 2026');
    expect(versions[0]).toHaveTextContent('by owner@example.org');
    expect(versions[1]).toHaveTextContent('Sample content');

    await user.click(screen.getByRole('button', { name: 'Bring back: Version 1' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Bring back this version as the draft?');
    expect(dialog).toHaveTextContent('Version 1');
    await user.click(within(dialog).getByRole('button', { name: 'Bring back' }));

    expect(await screen.findByText('That version is the draft again. Publish it to show it to visitors.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/admin/site/versions/1/restore')[0].body).toEqual({ revision: 4 });
    await user.click(tab('Pages'));
    expect(field('About page text (English)')).toHaveValue('Text of version 1');
    expect(saveButton()).toBeDisabled();
  });

  it('warns that bringing a version back drops the unsaved changes', async () => {
    const user = userEvent.setup();
    siteServer();
    await opened();
    await user.type(field('Name (English)'), '!');
    await user.click(tab('Versions'));
    await user.click(await screen.findByRole('button', { name: 'Bring back: Version 1' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('The changes you have not saved are lost.');
  });
});

describe('leaving with unsaved changes', () => {
  it('asks before following a link, and stays or leaves as told', async () => {
    const user = userEvent.setup();
    siteServer();
    const { router } = renderAt(<AdminSiteContent />, { path: '/admin/dashboard/site-content', routes: [{ path: '/elsewhere', element: <p>Elsewhere</p> }] });
    await screen.findByRole('textbox', { name: 'Name (English)' });

    // Nothing changed: no question.
    await act(() => router.navigate('/elsewhere'));
    expect(screen.getByText('Elsewhere')).toBeInTheDocument();
    await act(() => router.navigate('/admin/dashboard/site-content'));
    await user.type(await screen.findByRole('textbox', { name: 'Name (English)' }), '!');

    await act(() => router.navigate('/elsewhere'));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Leave this page? The changes you have not saved are lost.');
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(field('Name (English)')).toHaveValue('Test Samiti, Pune!');

    await act(() => router.navigate('/elsewhere'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
  });

  it('asks the browser before the tab is closed or reloaded', async () => {
    const user = userEvent.setup();
    siteServer();
    await opened();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(field('Name (English)'), '!');
    expect(unload()).toBe(true);
  });
});

describe('the tabs', () => {
  it('follow the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    siteServer();
    await opened();
    tab('Organisation').focus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Team')).toHaveFocus();
    expect(tab('Team')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName(/^Team/);
    await user.keyboard('{End}');
    expect(tab('Versions')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Organisation')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('Versions')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab('Organisation')).toHaveAttribute('aria-selected', 'true');
  });
});

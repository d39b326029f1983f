import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderAt } from '@/test/adminRender';
import { AdminIdentityContext, type AdminAccessState } from '@/lib/adminAccess';
import type { Role } from '@bindings/Role';
import { setUnauthorizedHandler } from '@/lib/api';
import { FakeWebSocket } from '@/test/fakeWebSocket';
import { FakeXhr } from '@/test/fakeXhr';
import { adminProfile, profileAdminServer, signedFile } from '../testing/fakeAdminProfiles';
import AdminProfiles from './AdminProfiles';

const LIST = '/api/profile/profiles';

const asha = () => adminProfile(1, 'Asha Kulkarni', { profile_for: 'Daughter', gender: 'Female', caste: 'Kulkarni' });
const vinay = () =>
  adminProfile(2, 'Vinay Patil', { status: 'uploaded', uploaded_at: '2026-11-22T10:00:00+05:30', biodata: null, photo_thumb: null, location: 'Solapur' });

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;
const dialog = () => screen.getByRole('dialog');
const field = (label: string) => within(dialog()).getByLabelText(label, { exact: true });

let previews = 0;
const createObjectURL = vi.fn(() => `blob:preview-${++previews}`);
const revokeObjectURL = vi.fn();

beforeEach(() => {
  FakeWebSocket.install();
  FakeXhr.sent = [];
  previews = 0;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  // jsdom has no object URLs.
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  localStorage.setItem('adminToken', 'tok');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the matrimonial profiles of the dashboard', () => {
  it('lists the profiles newest first with the photo thumbnail, the details, the status and the biodata link', async () => {
    const server = profileAdminServer([asha(), vinay()]);
    renderAt(<AdminProfiles />);

    const row = await rowOf('Asha Kulkarni');
    const photo = within(row).getByRole('img', { name: 'Photo of Asha Kulkarni (opens the photo)' });
    expect(photo).toHaveAttribute('src', asha().photo_thumb!.url);
    expect(photo.closest('a')).toHaveAttribute('href', asha().photo!.url);
    expect(within(row).getByText('Daughter · Female')).toBeInTheDocument();
    expect(row).toHaveTextContent('12 Apr 1996 · 30 years');
    expect(row).toHaveTextContent('Hindu, Kulkarni');
    expect(within(row).getByText('profile1@example.org')).toHaveAttribute('href', 'mailto:profile1@example.org');
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'View BioData: Asha Kulkarni' })).toHaveAttribute('href', asha().biodata!.url);
    expect(within(row).getByRole('button', { name: 'Upload to Matches: Asha Kulkarni' })).toBeInTheDocument();

    // Without a thumbnail variant the photo itself is shown; without a biodata, no link.
    const other = await rowOf('Vinay Patil');
    expect(within(other).getByRole('img', { name: 'Photo of Vinay Patil (opens the photo)' })).toHaveAttribute('src', vinay().photo!.url);
    expect(within(other).getByText('Uploaded')).toBeInTheDocument();
    expect(within(other).queryByRole('link', { name: /View BioData/ })).not.toBeInTheDocument();
    expect(within(other).getByText('No biodata')).toBeInTheDocument();
    expect(within(other).getByRole('button', { name: 'Take back: Vinay Patil' })).toBeInTheDocument();

    const query = server.calls('GET', LIST).at(-1)!.url.searchParams;
    expect(query.get('sort')).toBe('-created');
    expect(query.get('status')).toBeNull();
  });

  it('in Marathi writes the age in Devanagari digits and the mobile number in Latin digits (lib/digits)', async () => {
    profileAdminServer([asha()]);
    renderAt(<AdminProfiles />, { lng: 'mr' });
    const row = await rowOf('Asha Kulkarni');
    expect(row).toHaveTextContent('३० वर्षे');
    const mobile = within(row).getByRole('link', { name: asha().mobile });
    expect(mobile).toHaveAttribute('href', `tel:+91${asha().mobile}`);
    expect(asha().mobile).toMatch(/^[0-9]{10}$/);
  });

  it("says 'No profiles found.' when there are none", async () => {
    profileAdminServer([]);
    renderAt(<AdminProfiles />);
    expect(await screen.findByText('No profiles found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("opens with the status of the address chosen (the dashboard's 'Profiles awaiting approval'), and keeps the choice there", async () => {
    const user = userEvent.setup();
    const server = profileAdminServer([asha(), vinay()]);
    const { router } = renderAt(<AdminProfiles />, { path: '/admin/dashboard/profiles', entry: '/admin/dashboard/profiles?status=pending' });
    await screen.findByText('Asha Kulkarni');
    expect(screen.getByLabelText('Status')).toHaveValue('pending');
    expect(screen.queryByText('Vinay Patil')).not.toBeInTheDocument();
    expect(server.calls('GET', LIST).every((call) => call.url.searchParams.get('status') === 'pending')).toBe(true);

    await user.selectOptions(screen.getByLabelText('Status'), 'uploaded');
    await screen.findByText('Vinay Patil');
    expect(router.state.location.search).toBe('?status=uploaded');
    await user.selectOptions(screen.getByLabelText('Status'), '');
    await screen.findByText('Asha Kulkarni');
    expect(router.state.location.search).toBe('');
  });

  it('filters by status and searches, sending both to the list and the exports', async () => {
    const user = userEvent.setup();
    const server = profileAdminServer([asha(), vinay()]);
    renderAt(<AdminProfiles />);
    await screen.findByText('Vinay Patil');

    await user.selectOptions(screen.getByLabelText('Status'), 'pending');
    await waitFor(() => expect(screen.queryByText('Vinay Patil')).not.toBeInTheDocument());
    expect(screen.getByText('Asha Kulkarni')).toBeInTheDocument();
    expect(server.calls('GET', LIST).at(-1)!.url.searchParams.get('status')).toBe('pending');

    await user.selectOptions(screen.getByLabelText('Status'), 'uploaded');
    await screen.findByText('Vinay Patil');
    expect(screen.queryByText('Asha Kulkarni')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), '');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'solapur');
    await waitFor(() => expect(server.calls('GET', LIST).at(-1)!.url.searchParams.get('q')).toBe('solapur'));
    await waitFor(() => expect(screen.queryByText('Asha Kulkarni')).not.toBeInTheDocument());
    expect(screen.getByText('Vinay Patil')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export Excel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export PDF' })).toBeInTheDocument();
  });

  it('deletes a profile only after the confirmation and says so', async () => {
    const user = userEvent.setup();
    const server = profileAdminServer([asha(), vinay()]);
    renderAt(<AdminProfiles />);
    await screen.findByText('Asha Kulkarni');

    await user.click(screen.getByRole('button', { name: 'Delete: Asha Kulkarni' }));
    expect(dialog()).toHaveTextContent('Are you sure you want to delete this profile?');
    expect(within(dialog()).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Asha Kulkarni',
      'profile1@example.org',
      'Registered on: 20 Nov 2026',
    ]);
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(server.calls('DELETE', `${LIST}/1`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete: Asha Kulkarni' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Profile deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Asha Kulkarni')).not.toBeInTheDocument());
    expect(server.calls('DELETE', `${LIST}/1`)).toHaveLength(1);
    expect(server.calls('DELETE', `${LIST}/1`)[0].headers.get('Authorization')).toBe('Bearer tok');
  });

  it("shows 'Error deleting profile:' with the server's message, or 'Server error' without one", async () => {
    const user = userEvent.setup();
    let answer = () => json({ error: 'Database unavailable' }, { status: 503 });
    profileAdminServer([asha()], { 'DELETE /api/profile/profiles/:id': () => answer() });
    renderAt(<AdminProfiles />);
    await screen.findByText('Asha Kulkarni');

    await user.click(screen.getByRole('button', { name: 'Delete: Asha Kulkarni' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error deleting profile: Database unavailable');

    answer = () => new Response('', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Delete: Asha Kulkarni' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Error deleting profile: Server error'));
    expect(screen.getByText('Asha Kulkarni')).toBeInTheDocument();
  });

  it('uploads a pending profile to the matches gallery, then takes it back', async () => {
    const user = userEvent.setup();
    const server = profileAdminServer([asha()]);
    renderAt(<AdminProfiles />);
    await screen.findByText('Asha Kulkarni');

    await user.click(screen.getByRole('button', { name: 'Upload to Matches: Asha Kulkarni' }));
    expect(await screen.findByText('Profile uploaded successfully to Matches gallery!')).toBeInTheDocument();
    expect(server.calls('POST', '/api/profile/upload-profile/1')).toHaveLength(1);
    const row = await rowOf('Asha Kulkarni');
    await waitFor(() => expect(within(row).getByText('Uploaded')).toBeInTheDocument());

    await user.click(await screen.findByRole('button', { name: 'Take back: Asha Kulkarni' }));
    expect(await screen.findByText('Profile taken back from the Matches gallery.')).toBeInTheDocument();
    expect(server.calls('DELETE', '/api/profile/upload-profile/1')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Upload to Matches: Asha Kulkarni' })).toBeInTheDocument();
  });

  it("shows 'Error uploading profile:' with the server's message when the upload is refused", async () => {
    const user = userEvent.setup();
    profileAdminServer([asha()], { 'POST /api/profile/upload-profile/:id': () => json({ error: 'Not found' }, { status: 404 }) });
    renderAt(<AdminProfiles />);
    await screen.findByText('Asha Kulkarni');
    await user.click(screen.getByRole('button', { name: 'Upload to Matches: Asha Kulkarni' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error uploading profile: Not found');
  });

  it('reloads the list when a profile is published or deleted anywhere', async () => {
    const server = profileAdminServer([asha()]);
    renderAt(<AdminProfiles />);
    await screen.findByText('Asha Kulkarni');
    const before = server.calls('GET', LIST).length;

    server.state.rows = [...server.state.rows, vinay()];
    act(() => FakeWebSocket.instances[0].receive({ type: 'profileUploaded', id: 2 }));
    expect(await screen.findByText('Vinay Patil')).toBeInTheDocument();

    server.state.rows = server.state.rows.filter((row) => row.id !== 1);
    act(() => FakeWebSocket.instances[0].receive({ type: 'profileDeleted', id: 1 }));
    await waitFor(() => expect(screen.queryByText('Asha Kulkarni')).not.toBeInTheDocument());
    expect(server.calls('GET', LIST).length).toBe(before + 2);
  });

  it('fetches the list again shortly before its signed photo and biodata links expire', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    const soon = signedFile(`${'a'.repeat(32)}.jpg`, 'image/jpeg', new Date(Date.now() + 2 * 60_000));
    const server = profileAdminServer([adminProfile(1, 'Asha Kulkarni', { photo: soon, photo_thumb: null, biodata: null })]);
    renderAt(<AdminProfiles />);
    await screen.findByText('Asha Kulkarni');
    const before = server.calls('GET', LIST).length;

    // The link lives 2 minutes; the list is fetched again a minute before that.
    act(() => vi.advanceTimersByTime(55_000));
    expect(server.calls('GET', LIST).length).toBe(before);
    act(() => vi.advanceTimersByTime(6_000));
    await waitFor(() => expect(server.calls('GET', LIST).length).toBe(before + 1));
  });

  it('sends a member to /login when the server refuses the token', async () => {
    profileAdminServer([], { 'GET /api/profile/profiles': () => json({ error: 'Authentication required' }, { status: 401 }) });
    let redirected = false;
    setUnauthorizedHandler(() => {
      redirected = true;
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt(<AdminProfiles />);
    await waitFor(() => expect(redirected).toBe(true));
    expect(localStorage.getItem('adminToken')).toBeNull();
  });
});

describe('the profile editor', () => {
  const open = async (user: ReturnType<typeof userEvent.setup>, name = 'Asha Kulkarni') => {
    await screen.findByText(name);
    await user.click(screen.getByRole('button', { name: `Edit: ${name}` }));
    return dialog();
  };

  it('opens in a modal with every field filled in, and Cancel closes it without sending anything', async () => {
    const user = userEvent.setup();
    profileAdminServer([asha()]);
    renderAt(<AdminProfiles />);
    const modal = await open(user);

    expect(modal).toHaveAccessibleName('Edit profile: Asha Kulkarni');
    expect(field('Profile for')).toHaveValue('Daughter');
    expect(field('Full name')).toHaveValue('Asha Kulkarni');
    expect(field('Gender')).toHaveValue('Female');
    expect(field('Date of birth')).toHaveValue('1996-04-12');
    expect(field('Email')).toHaveValue('profile1@example.org');
    expect(field('Mobile number')).toHaveValue('9876543210');
    expect(field('Religion')).toHaveValue('Hindu');
    expect(field('Caste')).toHaveValue('Kulkarni');
    expect(field('Occupation')).toHaveValue('Engineer');
    expect(field('Education')).toHaveValue('B.E.');
    expect(field('Location')).toHaveValue('Pune');
    expect(field('Height')).toHaveValue(`5'8"`);
    expect(field('About the bride or groom')).toHaveValue('Likes music.');
    expect(within(modal).getByRole('img', { name: 'Stored photo of Asha Kulkarni' })).toBeInTheDocument();
    expect(within(modal).getByRole('link', { name: 'View BioData' })).toHaveAttribute('href', asha().biodata!.url);

    await user.click(within(modal).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("checks the fields as they change with the server's rules and sends nothing while one is wrong", async () => {
    const user = userEvent.setup();
    profileAdminServer([asha()]);
    renderAt(<AdminProfiles />);
    await open(user);

    await user.clear(field('Full name'));
    expect(within(dialog()).getByText('Please enter the name.')).toBeInTheDocument();
    await user.clear(field('Mobile number'));
    await user.type(field('Mobile number'), '12345');
    expect(within(dialog()).getByText('Mobile number must be 10 digits.')).toBeInTheDocument();
    await user.clear(field('Email'));
    await user.type(field('Email'), 'not-an-email');
    expect(within(dialog()).getByText('Invalid email address.')).toBeInTheDocument();
    await user.selectOptions(field('Gender'), '');
    expect(within(dialog()).getByText('Please select gender.')).toBeInTheDocument();

    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(FakeXhr.sent).toHaveLength(0);
    expect(field('Full name')).toHaveFocus();
    expect(field('Full name')).toHaveAttribute('aria-invalid', 'true');
  });

  it("refuses an under-age date of birth with the server's message", async () => {
    const user = userEvent.setup();
    profileAdminServer([asha()]);
    renderAt(<AdminProfiles />);
    await open(user);
    const year = new Date().getFullYear() - 10;
    await user.clear(field('Date of birth'));
    await user.type(field('Date of birth'), `${year}-01-01`);
    expect(within(dialog()).getByText('The person must be at least 18 years old.')).toBeInTheDocument();
  });

  it("saves every field with the token, closes and says 'Profile updated successfully'", async () => {
    const user = userEvent.setup();
    const server = profileAdminServer([asha()]);
    renderAt(<AdminProfiles />);
    await open(user);
    const loads = server.calls('GET', LIST).length;

    await user.clear(field('Location'));
    await user.type(field('Location'), '  Solapur ');
    await user.clear(field('Mobile number'));
    await user.type(field('Mobile number'), '९८७६५४३२१०');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));

    expect(FakeXhr.sent).toHaveLength(1);
    const [request] = FakeXhr.sent;
    expect(request.method).toBe('PUT');
    expect(request.url).toBe('/api/profile/profiles/1');
    expect(request.headers.Authorization).toBe('Bearer tok');
    const body = request.body!;
    expect(body.get('location')).toBe('Solapur');
    expect(body.get('mobile')).toBe('9876543210');
    expect(body.get('name')).toBe('Asha Kulkarni');
    expect(body.get('profile_for')).toBe('Daughter');
    expect(body.get('dob')).toBe('1996-04-12');
    expect(body.get('about')).toBe('Likes music.');
    expect(body.has('profile_photo')).toBe(false);
    expect(body.has('janmapatrika')).toBe(false);

    request.respond(200, { ...asha(), location: 'Solapur' });
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(server.calls('GET', LIST).length).toBeGreaterThan(loads));
  });

  it('replaces the photo (previewed first) and the janmapatrika, refusing a file that is not JPEG, PNG or PDF, with progress', async () => {
    const user = userEvent.setup({ applyAccept: false });
    profileAdminServer([asha()]);
    renderAt(<AdminProfiles />);
    await open(user);

    const photo = new File([new Uint8Array(2000)], 'new-photo.png', { type: 'image/png' });
    await user.upload(field('New photo (optional)'), photo);
    expect(within(dialog()).getByRole('img', { name: 'Preview of new-photo.png' })).toHaveAttribute('src', 'blob:preview-1');

    const notes = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await user.upload(field('New janmapatrika (optional)'), notes);
    expect(within(dialog()).getByText('The file is not a JPEG, PNG or PDF file.')).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(FakeXhr.sent).toHaveLength(0);

    const pdf = new File(['%PDF-1.4'], 'janmapatrika.pdf', { type: 'application/pdf' });
    await user.upload(field('New janmapatrika (optional)'), pdf);
    expect(within(dialog()).queryByText('The file is not a JPEG, PNG or PDF file.')).not.toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));

    const [request] = FakeXhr.sent;
    expect(request.body!.get('profile_photo')).toEqual(photo);
    expect(request.body!.get('janmapatrika')).toEqual(pdf);
    request.progress(500, 2000);
    expect(within(dialog()).getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('value', '25');
    request.respond(200, asha());
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
  });

  it("keeps the stored photo when the chosen one is put back", async () => {
    const user = userEvent.setup();
    profileAdminServer([asha()]);
    renderAt(<AdminProfiles />);
    await open(user);
    await user.upload(field('New photo (optional)'), new File([new Uint8Array(10)], 'p.jpg', { type: 'image/jpeg' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Keep the stored photo' }));
    expect(within(dialog()).queryByRole('img', { name: 'Preview of p.jpg' })).not.toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(FakeXhr.sent[0].body!.has('profile_photo')).toBe(false);
  });

  it("puts the server's per-field messages under the fields and says 'Error updating profile:'", async () => {
    const user = userEvent.setup();
    profileAdminServer([asha()]);
    renderAt(<AdminProfiles />);
    await open(user);
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    FakeXhr.sent[0].respond(422, { error: 'Validation failed', fields: { email: 'Invalid email address.', profile_photo: 'Please choose an image to upload.' } });

    expect(await within(dialog()).findByText('Invalid email address.')).toBeInTheDocument();
    expect(within(dialog()).getByText('Please choose an image to upload.')).toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Error updating profile: Validation failed');
    expect(dialog()).toBeInTheDocument();
  });

  it("says 'Error updating profile:' with the server's message, or when the server cannot be reached, and stays open", async () => {
    const user = userEvent.setup();
    profileAdminServer([asha()]);
    renderAt(<AdminProfiles />);
    await open(user);
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    FakeXhr.sent[0].respond(500, { error: 'Internal server error' });
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Error updating profile: Internal server error');

    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    FakeXhr.sent[1].fail();
    await waitFor(() =>
      expect(within(dialog()).getByRole('alert')).toHaveTextContent(
        'Error updating profile: The upload did not reach the server. Please check your connection and try again.',
      ),
    );
  });

  it('closes and reloads when the profile was deleted meanwhile', async () => {
    const user = userEvent.setup();
    profileAdminServer([asha()]);
    renderAt(<AdminProfiles />);
    await open(user);
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    FakeXhr.sent[0].respond(404, { error: 'Not found' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error updating profile: Not found');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('drops the token and goes to /login when the server refuses it on save', async () => {
    const user = userEvent.setup();
    profileAdminServer([asha()]);
    let redirected = false;
    setUnauthorizedHandler(() => {
      redirected = true;
    });
    renderAt(<AdminProfiles />);
    await open(user);
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    FakeXhr.sent[0].respond(401, { error: 'Authentication required' });
    expect(redirected).toBe(true);
    expect(localStorage.getItem('adminToken')).toBeNull();
  });
});

describe("an owner resets the member's password", () => {
  const signedInAs = (roles: Role[]): AdminAccessState => ({
    access: 'valid',
    identity: { email: 'someone@example.org', roles, mustChangePassword: false },
    refresh: () => {},
    update: () => {},
  });
  const renderAs = (roles: Role[]) =>
    renderAt(
      <AdminIdentityContext.Provider value={signedInAs(roles)}>
        <AdminProfiles />
      </AdminIdentityContext.Provider>,
    );
  const withAccount = () => adminProfile(1, 'Asha Kulkarni', { account_id: 42 });
  const openEditor = async (user: ReturnType<typeof userEvent.setup>) => {
    await screen.findByText('Asha Kulkarni');
    await user.click(screen.getByRole('button', { name: 'Edit: Asha Kulkarni' }));
    return dialog();
  };

  it('shows the account a profile belongs to; only an owner gets the reset', async () => {
    const user = userEvent.setup();
    profileAdminServer([withAccount()]);
    renderAs(['matrimony']);
    const modal = await openEditor(user);
    expect(modal).toHaveTextContent('Profile no. 1 belongs to member account no. 42.');
    expect(within(modal).queryByRole('button', { name: 'Reset the member’s password' })).toBeNull();
  });

  it('an owner sets a new password in its own dialog, with the rule checked first and the server’s message under the field', async () => {
    const user = userEvent.setup();
    const server = profileAdminServer([withAccount()], {
      'POST /api/admin/members/:id/password': async (request) => {
        const body = (await request.json()) as { password: string };
        if (body.password === 'too-common') return json({ error: 'Validation failed', fields: { password: 'Maximum 128 characters allowed' } }, { status: 422 });
        return json({ message: 'Password of asha@example.org reset.' });
      },
    });
    renderAs(['owner']);
    const editor = await openEditor(user);
    await user.click(within(editor).getByRole('button', { name: 'Reset the member’s password' }));

    // The editor steps aside for the password's dialog (and keeps what was typed).
    const reset = screen.getByRole('dialog');
    expect(reset).toHaveAccessibleName('Reset the password of member account no. 42');
    const password = within(reset).getByLabelText('New password');
    expect(password).toHaveFocus();
    await user.click(within(reset).getByRole('button', { name: 'Reset password' }));
    expect(password).toHaveAccessibleDescription(expect.stringContaining('Password must be at least 6 characters.'));
    expect(server.calls('POST', '/api/admin/members/42/password')).toEqual([]);

    await user.type(password, 'too-common');
    await user.click(within(reset).getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(expect.stringContaining('Maximum 128 characters allowed')));

    await user.clear(password);
    await user.type(password, 'given-by-board');
    await user.click(within(reset).getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('The member’s password has been reset. Tell it to them in person or by phone.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const sent = server.calls('POST', '/api/admin/members/42/password');
    expect(sent.map((call) => call.body)).toEqual([{ password: 'too-common' }, { password: 'given-by-board' }]);
  });

  it('Cancel brings the editor back as it was', async () => {
    const user = userEvent.setup();
    profileAdminServer([withAccount()]);
    renderAs(['owner']);
    const editor = await openEditor(user);
    await user.clear(within(editor).getByLabelText('Location', { exact: true }));
    await user.type(within(editor).getByLabelText('Location', { exact: true }), 'Solapur');
    await user.click(within(editor).getByRole('button', { name: 'Reset the member’s password' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(dialog()).toHaveAccessibleName('Edit profile: Asha Kulkarni');
    expect(field('Location')).toHaveValue('Solapur');
  });

  it('a profile without an account says so and has no reset', async () => {
    const user = userEvent.setup();
    profileAdminServer([adminProfile(1, 'Asha Kulkarni', { account_id: null })]);
    renderAs(['owner']);
    const modal = await openEditor(user);
    expect(modal).toHaveTextContent('This profile was registered before profiles belonged to member accounts.');
    expect(within(modal).queryByRole('button', { name: 'Reset the member’s password' })).toBeNull();
  });
});

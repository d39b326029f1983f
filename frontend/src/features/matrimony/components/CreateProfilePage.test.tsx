import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import type { Rule } from '@/lib/rules';
import { renderWithProviders } from '@/test/render';
import { FakeXhr } from '@/test/fakeXhr';
import { getMemberToken, setMemberToken } from '../api';
import { profileRules } from '../fields';
import CreateProfilePage from './CreateProfilePage';
import type { RegisteredState } from './RegistrationPage';

/** The message of a field's rule of `kind` in the server's table. */
const message = (field: string, kind: Rule['kind']) => {
  const rule = profileRules[field].find((r) => r.kind === kind);
  if (!rule || !('message' in rule)) throw new Error(`no ${kind} rule on ${field}`);
  return rule.message;
};

function MyProfileStandIn() {
  const state = useLocation().state as { message?: string; detail?: string } | null;
  return <p>{`my profile page: ${state?.message}`}</p>;
}

/** Create Profile for a signed-in member (the free registration or the login kept the token), unless `signedIn` is false. */
function renderPage(state: RegisteredState = null, lng: 'en' | 'mr' = 'en', signedIn = true) {
  if (signedIn) setMemberToken('member-token');
  return renderWithProviders(
    <Routes>
      <Route path="/profilecard" element={<CreateProfilePage />} />
      <Route path="/myProfile" element={<MyProfileStandIn />} />
    </Routes>,
    { route: '/profilecard', state: state ?? undefined, lng },
  );
}

const set = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const choose = (label: string, file: File) => fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create Profile' }));
const jpeg = (name = 'asha.jpg') => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });
const pdf = (name = 'biodata.pdf') => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

function fill() {
  set('Profile for', 'Daughter');
  set('Full name', ' आशा पाटील ');
  set('Gender', 'Female');
  set('Email', 'asha@example.org');
  set('Mobile number', '9876543210');
  set('Date of birth', '1998-02-01');
  set('Religion', 'हिंदू');
  set('Caste', 'पद्मशाली');
  set('Occupation', 'शिक्षिका');
  set('Education', 'एम.ए.');
  set('Location', 'सोलापूर');
  set('Height', '5\'4"');
  set('About the bride or groom', 'संगीताची आवड.');
}

let previews = 0;
const createObjectURL = vi.fn(() => `blob:preview-${++previews}`);
const revokeObjectURL = vi.fn();

beforeEach(() => {
  FakeXhr.sent = [];
  previews = 0;
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  // jsdom has no object URLs.
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Create Profile without an account', () => {
  it('says a profile belongs to an account and offers the free registration and the login, which comes back here', () => {
    renderPage(null, 'en', false);
    expect(screen.getByRole('heading', { level: 1, name: 'Create Profile' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'A profile belongs to an account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register for Free' })).toHaveAttribute('href', '/matrimonials');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/loginUser?next=%2Fprofilecard');
    // No dead form: nothing to fill in, nothing to send.
    expect(screen.queryByLabelText('Full name')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create Profile' })).toBeNull();
  });

  it('says it in Marathi too', () => {
    renderPage(null, 'mr', false);
    expect(screen.getByRole('heading', { level: 2, name: 'प्रोफाइल एका खात्याशी जोडलेले असते' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'विनामूल्य नोंदणी करा' })).toHaveAttribute('href', '/matrimonials');
  });

  it('shows the form once the member has signed in', async () => {
    renderPage(null, 'en', false);
    act(() => setMemberToken('member-token'));
    expect(await screen.findByLabelText('Full name')).toBeInTheDocument();
  });
});

describe('the Create Profile form', () => {
  it('labels every field, marks the required ones, shows +91 before the mobile and says who sees what', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Create Profile' })).toBeInTheDocument();
    for (const label of ['Profile for', 'Full name', 'Gender', 'Email', 'Mobile number', 'Date of birth', 'Religion', 'Caste', 'Occupation', 'Education', 'Location', 'Height', 'Photo']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('required');
    }
    expect(screen.getByLabelText('About the bride or groom')).not.toHaveAttribute('required');
    expect(screen.getByLabelText('Biodata / Janmapatrika (optional)')).not.toHaveAttribute('required');
    expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription('+91');
    expect(screen.getByLabelText('Photo')).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif');
    expect(screen.getByLabelText('Biodata / Janmapatrika (optional)')).toHaveAttribute('accept', '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf');
    expect(screen.getByLabelText('Biodata / Janmapatrika (optional)')).toHaveAccessibleDescription('JPG, JPEG, PNG or PDF.');
    const gender = screen.getByLabelText('Gender');
    expect([...gender.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Select', 'Male', 'Female', 'Other']);
    const note = screen.getByRole('complementary', { name: 'Who sees your details' });
    expect(note).toHaveTextContent('never the email address or the mobile number');
    expect(note).toHaveTextContent('Administrators of the Samiti see everything');
  });

  it('takes over whom it is for, the e-mail and the mobile from the free registration', () => {
    renderPage({ profile_for: 'Son', email: 'ravi@example.org', mobile: '9876543210' });
    expect(screen.getByLabelText('Profile for')).toHaveValue('Son');
    expect(screen.getByLabelText('Email')).toHaveValue('ravi@example.org');
    expect(screen.getByLabelText('Mobile number')).toHaveValue('9876543210');
  });

  it('checks each field as it changes with the server’s rules', () => {
    renderPage();
    set('Full name', 'Asha 2');
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription(expect.stringContaining(message('name', 'personName')));
    set('Full name', 'Asha');
    expect(screen.getByLabelText('Full name')).not.toHaveAttribute('aria-invalid');
    set('Mobile number', '12345');
    expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription('+91 Mobile number must be 10 digits.');
    const year = Number(new Date().getUTCFullYear());
    set('Date of birth', `${year - 10}-01-01`);
    expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription(expect.stringContaining('The person must be at least 18 years old.'));
  });

  it('says the date of birth’s age rule once: the hint with no error, the message alone when it is the age (both languages)', () => {
    // In Marathi the two sentences are word for word the same.
    for (const [lng, hint, ageMessage, requiredMessage] of [
      ['en', 'The bride or groom must be at least 18 years old.', message('dob', 'minAge'), message('dob', 'required')],
      ['mr', 'वधू किंवा वराचे वय किमान १८ वर्षे असावे.', 'वधू किंवा वराचे वय किमान १८ वर्षे असावे.', 'कृपया जन्मदिनांक भरा.'],
    ] as const) {
      const { unmount } = renderPage(null, lng);
      const label = lng === 'en' ? 'Date of birth' : 'जन्मदिनांक';
      const dob = () => screen.getByLabelText(label);
      // No error yet: the hint alone, and no error element.
      expect(dob()).toHaveAccessibleDescription(hint);
      expect(dob()).not.toHaveAttribute('aria-invalid');
      // Too young: the message alone, never the hint beside it.
      set(label, `${new Date().getUTCFullYear() - 10}-01-01`);
      expect(dob()).toHaveAccessibleDescription(ageMessage);
      expect(screen.getAllByText(ageMessage)).toHaveLength(1);
      if (hint !== ageMessage) expect(screen.queryByText(hint)).not.toBeInTheDocument();
      // Another message (none given): the hint is back under it.
      set(label, '');
      expect(dob()).toHaveAccessibleDescription(`${hint} ${requiredMessage}`);
      // A valid date: the hint alone again.
      set(label, '1998-02-01');
      expect(dob()).toHaveAccessibleDescription(hint);
      expect(dob()).not.toHaveAttribute('aria-invalid');
      unmount();
    }
  });

  it('refuses to send without the required fields and the photo, and focuses the first field in error', async () => {
    renderPage();
    submit();
    await waitFor(() => expect(screen.getByLabelText('Profile for')).toHaveFocus());
    expect(screen.getByLabelText('Profile for')).toHaveAccessibleDescription('Please select profile type.');
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription(expect.stringContaining(message('name', 'required')));
    expect(screen.getByLabelText('Photo')).toHaveAccessibleDescription(expect.stringContaining('Please choose an image to upload.'));
    expect(screen.getByLabelText('Photo')).toHaveAttribute('aria-invalid', 'true');
    expect(FakeXhr.sent).toEqual([]);
  });

  it('shows the chosen photo before it is sent, and lets it go again', () => {
    renderPage();
    choose('Photo', jpeg());
    const preview = screen.getByRole('img', { name: 'Preview of the chosen photo' });
    expect(preview).toHaveAttribute('src', 'blob:preview-1');
    expect(screen.getByText('asha.jpg')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove: Photo' }));
    expect(screen.queryByRole('img', { name: 'Preview of the chosen photo' })).toBeNull();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
  });

  it('takes only an image as the photo and only a JPG, PNG or PDF as the biodata', () => {
    renderPage();
    choose('Photo', new File(['%PDF'], 'photo.pdf', { type: 'application/pdf' }));
    expect(screen.getByLabelText('Photo')).toHaveAccessibleDescription(expect.stringContaining('The file is not a JPEG, PNG, WebP or GIF image.'));
    expect(screen.queryByRole('img', { name: 'Preview of the chosen photo' })).toBeNull();
    choose('Biodata / Janmapatrika (optional)', new File(['x'], 'biodata.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }));
    expect(screen.getByLabelText('Biodata / Janmapatrika (optional)')).toHaveAccessibleDescription(expect.stringContaining('The file is not a JPEG, PNG or PDF file.'));
    choose('Biodata / Janmapatrika (optional)', pdf());
    expect(screen.getByLabelText('Biodata / Janmapatrika (optional)')).not.toHaveAttribute('aria-invalid');
    choose('Biodata / Janmapatrika (optional)', new File([new Uint8Array([0x89])], 'patrika.png', { type: 'image/png' }));
    expect(screen.getByLabelText('Biodata / Janmapatrika (optional)')).not.toHaveAttribute('aria-invalid');
  });

  it('sends every field, the photo and the biodata with progress and the member token, then says so and goes to My profile', async () => {
    renderPage();
    fill();
    choose('Photo', jpeg());
    choose('Biodata / Janmapatrika (optional)', pdf());
    submit();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const [xhr] = FakeXhr.sent;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/profile/register');
    expect(xhr.headers.Authorization).toBe('Bearer member-token');
    const body = xhr.body!;
    expect(Object.fromEntries([...body.entries()].filter(([, v]) => typeof v === 'string'))).toEqual({
      profile_for: 'Daughter',
      name: 'आशा पाटील',
      gender: 'Female',
      email: 'asha@example.org',
      mobile: '9876543210',
      dob: '1998-02-01',
      religion: 'हिंदू',
      caste: 'पद्मशाली',
      occupation: 'शिक्षिका',
      education: 'एम.ए.',
      location: 'सोलापूर',
      height: '5\'4"',
      about: 'संगीताची आवड.',
      website: '',
    });
    expect((body.get('profile_photo') as File).name).toBe('asha.jpg');
    expect((body.get('biodata') as File).name).toBe('biodata.pdf');
    expect(screen.getByRole('button', { name: 'Create Profile' })).toBeDisabled();
    xhr.progress(50, 100);
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('value', '50');
    expect(screen.getByText('50% sent')).toBeInTheDocument();
    xhr.progress(100, 100);
    expect(screen.getByText('Processing…')).toBeInTheDocument();
    xhr.respond(201, { message: 'Profile Registered Successfully' });
    expect(await screen.findByText('my profile page: Profile Registered Successfully')).toBeInTheDocument();
  });

  it('a refused member token (the session ended) signs the member out and says so, with the ways back', async () => {
    renderPage();
    fill();
    choose('Photo', jpeg());
    submit();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0].respond(401, { error: 'Authentication required' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your session has ended. Please log in again.');
    expect(getMemberToken()).toBeNull();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/loginUser?next=%2Fprofilecard');
  });

  it('sends no biodata part when none is chosen', async () => {
    renderPage();
    fill();
    choose('Photo', jpeg());
    submit();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0].body!.has('biodata')).toBe(false);
    expect(FakeXhr.sent[0].body!.has('janmapatrika')).toBe(false);
  });

  it('puts the server’s messages under the fields and the files, shows its message, and focuses the first field', async () => {
    renderPage();
    fill();
    choose('Photo', jpeg());
    submit();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0].respond(422, {
      error: 'Validation failed',
      fields: { email: 'Invalid email address.', profile_photo: 'Please choose an image to upload.' },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Validation failed');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Invalid email address.');
    expect(screen.getByLabelText('Photo')).toHaveAccessibleDescription(expect.stringContaining('Please choose an image to upload.'));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Create Profile' })).toBeEnabled();
  });

  it("shows the server's message for a refused file, and 'Something went wrong' without one or without an answer", async () => {
    renderPage();
    fill();
    choose('Photo', jpeg());
    submit();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0].respond(415, { error: 'The file is not a JPEG, PNG, WebP or GIF image.' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is not a JPEG, PNG, WebP or GIF image.');

    submit();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    FakeXhr.sent[1].respond(500);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Something went wrong$/));

    submit();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
    FakeXhr.sent[2].fail();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Something went wrong$/));
    expect(within(screen.getByRole('alert')).queryByText('Validation failed')).toBeNull();
  });

  it('speaks Marathi with the glossary’s words', () => {
    renderPage(null, 'mr');
    expect(screen.getByRole('heading', { level: 1, name: 'प्रोफाइल तयार करा' })).toBeInTheDocument();
    expect(screen.getByLabelText('बायोडेटा / जन्मपत्रिका (ऐच्छिक)')).toBeInTheDocument();
    const options = [...screen.getByLabelText('लिंग').querySelectorAll('option')].map((o) => o.textContent);
    expect(options).toEqual(['निवडा', 'पुरुष', 'स्त्री', 'इतर']);
  });

  it('past the day’s upload cap says how long to wait, in the page’s language, and keeps the fields and the files', async () => {
    const { i18n } = renderPage();
    fill();
    choose('Photo', jpeg());
    submit();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0].body!.get('website')).toBe('');
    FakeXhr.sent[0].respond(429, { error: 'Too many uploads from your connection today. Please try again tomorrow.' }, { 'Retry-After': String(9 * 3600 + 60) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many uploads from your connection today. Please wait 10 hours and try again.');
    expect(screen.getByLabelText('Full name')).toHaveValue(' आशा पाटील ');
    expect(screen.getByText('asha.jpg')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Profile' })).toBeEnabled();

    await act(() => i18n.changeLanguage('mr'));
    expect(screen.getByRole('alert')).toHaveTextContent('आज आपल्या इंटरनेट कनेक्शनवरून खूप फाईल अपलोड झाल्या. कृपया १० तास थांबून पुन्हा प्रयत्न करा.');

    // Sent again as it stands: the same fields and the same photo.
    fireEvent.click(screen.getByRole('button', { name: 'प्रोफाइल तयार करा' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(FakeXhr.sent[1].body!.get('name')).toBe('आशा पाटील');
    expect((FakeXhr.sent[1].body!.get('profile_photo') as File).name).toBe('asha.jpg');
  });

  it('sends what a script put in the hidden honeypot as the website part', async () => {
    renderPage();
    fill();
    choose('Photo', jpeg());
    fireEvent.change(screen.getByLabelText('Leave this field empty'), { target: { value: 'https://spam.example' } });
    submit();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0].body!.get('website')).toBe('https://spam.example');
  });
});

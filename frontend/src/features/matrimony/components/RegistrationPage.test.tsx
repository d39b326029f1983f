import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { json, renderWithProviders } from '@/test/render';
import { getMemberToken } from '../api';
import { serve } from '../testing/fakeServer';
import RegistrationPage from './RegistrationPage';

/** /profilecard in these tests: shows what the registration handed over. */
function NextPage() {
  const state = useLocation().state as Record<string, string> | null;
  return <p>{`profile card ${state?.profile_for} ${state?.email} ${state?.mobile}`}</p>;
}

function renderPage(lng: 'en' | 'mr' = 'en') {
  return renderWithProviders(
    <Routes>
      <Route path="/matrimonials" element={<RegistrationPage />} />
      <Route path="/profilecard" element={<NextPage />} />
      <Route path="/loginUser" element={<p>login page</p>} />
    </Routes>,
    { route: '/matrimonials', lng },
  );
}

const set = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Register for Free' }));

function fill() {
  set('Profile for', 'Son');
  set('Email', ' Asha@Example.org ');
  set('Mobile number', '9876543210');
  set('Password', 'secret1');
}

afterEach(() => vi.restoreAllMocks());

describe('the free registration', () => {
  it('offers whom the profile is for, e-mail, mobile after a visible +91, password, the login and the privacy policy', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Matrimonials' })).toBeInTheDocument();
    const select = screen.getByLabelText('Profile for');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Select', 'Self', 'Son', 'Daughter', 'Brother', 'Sister', 'Relative/Friend', 'Marriage Bureau',
    ]);
    const mobile = screen.getByLabelText('Mobile number');
    expect(screen.getByText('+91')).toBeVisible();
    expect(mobile).toHaveAccessibleDescription('+91');
    expect(mobile).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/loginUser');
    expect(screen.getAllByRole('link', { name: 'Privacy Policy' })[0]).toHaveAttribute('href', '/privacy-policy');
    expect(screen.getByRole('complementary', { name: 'Who sees your details' })).toHaveTextContent('never the email address or the mobile number');
  });

  it('shows the rules’ messages under the fields, tied to them, and focuses the first; nothing is sent', async () => {
    const requests = serve({});
    renderPage();
    set('Mobile number', '98765');
    expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription('+91 Mobile number must be 10 digits.');
    submit();
    await waitFor(() => expect(screen.getByLabelText('Profile for')).toHaveFocus());
    expect(screen.getByLabelText('Profile for')).toHaveAccessibleDescription('Please select profile type.');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Invalid email address.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/Password must be at least 6 characters\./);
    expect(requests).toEqual([]);
  });

  it('keeps only the ten digits of a pasted +91 or 0-prefixed number', () => {
    renderPage();
    set('Mobile number', '+91 98765-43210');
    expect(screen.getByLabelText('Mobile number')).toHaveValue('9876543210');
    set('Mobile number', '09876543210');
    expect(screen.getByLabelText('Mobile number')).toHaveValue('9876543210');
  });

  it('sends the registration, keeps the member signed in, and goes on to Create Profile with whom it is for, the e-mail and the mobile', async () => {
    const requests = serve({ 'POST /api/matrimony/register': () => json({ message: 'Registration successful', token: 'new-member-token' }, 201) });
    renderPage();
    fill();
    submit();
    expect(await screen.findByText('profile card Son Asha@Example.org 9876543210')).toBeInTheDocument();
    expect(JSON.parse(requests[0].body)).toEqual({ profile_for: 'Son', email: 'Asha@Example.org', mobile: '9876543210', password: 'secret1', website: '' });
    expect(requests[0].headers.get('Authorization')).toBeNull();
    // Kept as a login's token is: the profile that follows belongs to this account.
    expect(getMemberToken()).toBe('new-member-token');
  });

  it("says 'User already exists!' on 409 and stays on the form", async () => {
    serve({ 'POST /api/matrimony/register': () => json({ error: 'User already exists!' }, 409) });
    renderPage();
    fill();
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('User already exists!');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.getByLabelText('Email')).toHaveValue('Asha@Example.org');
    expect(getMemberToken()).toBeNull();
  });

  it("says 'Registration failed. Try again.' on any other failure, and puts a 422's messages under the fields", async () => {
    serve({ 'POST /api/matrimony/register': () => json({ error: 'Validation failed', fields: { mobile: 'Mobile number must be 10 digits.' } }, 422) });
    renderPage();
    fill();
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed. Try again.');
    expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription('+91 Mobile number must be 10 digits.');
    await waitFor(() => expect(screen.getByLabelText('Mobile number')).toHaveFocus());
  });

  it("says 'Registration failed. Try again.' when the server cannot be reached", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    renderPage();
    fill();
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed. Try again.');
  });

  it('speaks Marathi with the glossary’s words', () => {
    renderPage('mr');
    expect(screen.getByRole('heading', { level: 1, name: 'वधू-वर सूचक' })).toBeInTheDocument();
    const options = [...screen.getByLabelText('प्रोफाइल कोणासाठी').querySelectorAll('option')].map((o) => o.textContent);
    expect(options).toEqual(['निवडा', 'स्वतःसाठी', 'मुलासाठी', 'मुलीसाठी', 'भावासाठी', 'बहिणीसाठी', 'नातेवाईक/मित्रासाठी', 'विवाह संस्था']);
    expect(screen.getByRole('button', { name: 'विनामूल्य नोंदणी करा' })).toBeInTheDocument();
  });

  it('past the rate limit says how long to wait and keeps what was typed', async () => {
    serve({ 'POST /api/matrimony/register': () => json({ error: 'Too many submissions from your connection. Please try again later.' }, 429, { 'Retry-After': '120' }) });
    renderPage();
    fill();
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many submissions from your connection. Please wait 2 minutes and try again.');
    expect(screen.getByLabelText('Profile for')).toHaveValue('Son');
    expect(screen.getByLabelText('Email')).toHaveValue('Asha@Example.org');
    expect(screen.getByLabelText('Mobile number')).toHaveValue('9876543210');
    expect(screen.getByLabelText('Password')).toHaveValue('secret1');
  });
});

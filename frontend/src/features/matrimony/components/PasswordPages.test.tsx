import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { json, renderWithProviders } from '@/test/render';
import { serve } from '../testing/fakeServer';
import ForgotPasswordPage from './ForgotPasswordPage';
import LoginPage from './LoginPage';
import ResetPasswordPage from './ResetPasswordPage';

const SENT = 'If an account has this e-mail address, a link to set a new password has been sent to it. Please check your inbox.';
const MAIL_OFF = 'Password reset by e-mail is not available. Please ask the matchmaking board to reset your password.';
const LINK_BAD = 'This link has expired or has already been used. Please ask for a new one.';

/** The address the page is at (the reset page takes the token out of it). */
function Address() {
  const { pathname, search } = useLocation();
  return <span data-testid="address">{`${pathname}${search}`}</span>;
}

function renderAt(route: string, lng: 'en' | 'mr' = 'en') {
  return renderWithProviders(
    <Routes>
      <Route path="/loginUser" element={<LoginPage />} />
      <Route path="/forgotPassword" element={<ForgotPasswordPage />} />
      <Route
        path="/resetPassword"
        element={
          <>
            <ResetPasswordPage />
            <Address />
          </>
        }
      />
    </Routes>,
    { route, lng },
  );
}

const set = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => vi.restoreAllMocks());

describe('the forgotten password', () => {
  it('is reached from the member login', () => {
    renderAt('/loginUser');
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Forgotten password' })).toBeInTheDocument();
  });

  it('checks the address with the server’s rule before sending anything', async () => {
    const requests = serve({});
    renderAt('/forgotPassword');
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Invalid email address.');
    expect(requests).toEqual([]);
  });

  it('sends the address and says what the server says, the same for any address', async () => {
    const requests = serve({ 'POST /api/auth/forgot-password': () => json({ message: SENT }, 202) });
    renderAt('/forgotPassword');
    set('Email', ' asha@example.org ');
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(JSON.parse(requests[0].body)).toEqual({ email: 'asha@example.org', website: '' });
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeInTheDocument();
  });

  it('without mail says to ask the matchmaking board, and leads to its office bearers', async () => {
    serve({ 'POST /api/auth/forgot-password': () => json({ error: MAIL_OFF }, 409) });
    renderAt('/forgotPassword');
    set('Email', 'asha@example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MAIL_OFF);
    expect(screen.getByRole('link', { name: 'The matchmaking board’s office bearers' })).toHaveAttribute('href', '/about/VadhuVarMandal');
  });

  it('says it in Marathi', async () => {
    serve({ 'POST /api/auth/forgot-password': () => json({ error: MAIL_OFF }, 409) });
    renderAt('/forgotPassword', 'mr');
    expect(screen.getByRole('heading', { level: 1, name: 'विसरलेला पासवर्ड' })).toBeInTheDocument();
    set('ईमेल', 'asha@example.org');
    fireEvent.click(screen.getByRole('button', { name: 'लिंक पाठवा' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ईमेलद्वारे नवीन पासवर्ड ठेवण्याची सोय उपलब्ध नाही.');
  });
});

describe('the e-mailed link’s page', () => {
  it('takes the token out of the address, checks the new password and its repetition, and sends them with the token', async () => {
    const requests = serve({ 'POST /api/auth/reset-password': () => json({ message: 'Password changed. You can log in now.' }) });
    renderAt('/resetPassword?token=abc.def');
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/resetPassword$/));
    set('New password', '123');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(expect.stringContaining('Password must be at least 6 characters.'));
    set('New password', 'new-secret');
    set('Repeat the new password', 'new-secreT');
    expect(screen.getByLabelText('Repeat the new password')).toHaveAccessibleDescription('Passwords do not match');
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    await waitFor(() => expect(screen.getByLabelText('Repeat the new password')).toHaveFocus());
    expect(requests).toEqual([]);

    set('Repeat the new password', 'new-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    // On to the member login, which says the password is changed.
    expect(await screen.findByRole('heading', { level: 1, name: 'Matrimonial Login' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Password changed. You can log in now.');
    expect(JSON.parse(requests[0].body)).toEqual({ token: 'abc.def', password: 'new-secret', website: '' });
  });

  it('a link that has expired or was used says so and offers a new one', async () => {
    serve({ 'POST /api/auth/reset-password': () => json({ error: LINK_BAD }, 400) });
    renderAt('/resetPassword?token=old');
    set('New password', 'new-secret');
    set('Repeat the new password', 'new-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LINK_BAD);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgotPassword');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('puts the server’s message under the password (422)', async () => {
    serve({ 'POST /api/auth/reset-password': () => json({ error: 'Validation failed', fields: { password: 'Maximum 128 characters allowed' } }, 422) });
    renderAt('/resetPassword?token=abc');
    set('New password', 'new-secret');
    set('Repeat the new password', 'new-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(expect.stringContaining('Maximum 128 characters allowed')));
  });

  it('without a token offers to ask for a link', () => {
    renderAt('/resetPassword');
    expect(screen.getByRole('alert')).toHaveTextContent(LINK_BAD);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderWithProviders, stubFetch } from '@/test/render';
import { ContactForm } from './ContactForm';

const fill = async (user: ReturnType<typeof userEvent.setup>, values: { name?: string; email?: string; message?: string }) => {
  if (values.name) await user.type(screen.getByLabelText(/Full name/), values.name);
  if (values.email) await user.type(screen.getByLabelText(/^Email/), values.email);
  if (values.message) await user.type(screen.getByLabelText(/^Message/), values.message);
};

describe('ContactForm', () => {
  it('checks fields as they change, with messages under the fields', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    const email = screen.getByLabelText(/^Email/);
    await user.type(email, 'abc');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Invalid email format');
    await user.type(email, '@example.org');
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('refuses to send an empty form', async () => {
    const calls = stubFetch(json({}, 201));
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />, { lng: 'mr' });
    await user.click(screen.getByRole('button', { name: 'संदेश पाठवा' }));
    expect(screen.getByText('पूर्ण नाव आवश्यक आहे')).toBeInTheDocument();
    expect(screen.getByText('ईमेल आवश्यक आहे')).toBeInTheDocument();
    expect(screen.getByText('संदेश आवश्यक आहे')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the server 422 field messages and "Error submitting message"', async () => {
    stubFetch(json({ error: 'Validation failed', fields: { full_name: 'Emojis are not allowed' } }, 422));
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    await fill(user, { name: 'Suresh', email: 'a@b.co', message: 'Hello' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Error submitting message')).toBeInTheDocument();
    expect(screen.getByLabelText(/Full name/)).toHaveAccessibleDescription('Emojis are not allowed');
  });

  it('sends a Marathi message and says "Message sent!"', async () => {
    const calls = stubFetch(json({ id: 1, full_name: 'सुरेश पाटील', email: 'a@b.co', message: 'नमस्कार', created_at: '2026-01-01T00:00:00Z' }, 201));
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    await fill(user, { name: 'सुरेश पाटील', email: 'a@b.co', message: 'नमस्कार' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Message sent!')).toBeInTheDocument();
    expect(await calls[0].json()).toEqual({ full_name: 'सुरेश पाटील', email: 'a@b.co', message: 'नमस्कार', website: '' });
    await waitFor(() => expect(screen.getByLabelText(/Full name/)).toHaveValue(''));
  });

  it('past the rate limit says how long to wait, in English and in Marathi, and keeps what was typed', async () => {
    const tooMany = () => json({ error: 'Too many submissions from your connection. Please try again later.' }, 429, { 'Retry-After': '40' });
    for (const [lng, send, said] of [
      ['en', 'Send Message', 'Too many submissions from your connection. Please wait 40 seconds and try again.'],
      ['mr', 'संदेश पाठवा', 'आपल्या इंटरनेट कनेक्शनवरून खूप वेळा माहिती पाठवली गेली. कृपया ४० सेकंद थांबून पुन्हा प्रयत्न करा.'],
    ] as const) {
      stubFetch(tooMany);
      const user = userEvent.setup();
      const { unmount } = renderWithProviders(<ContactForm />, { lng });
      const [name, email, message] = screen.getAllByRole('textbox');
      await user.type(name, 'सुरेश पाटील');
      await user.type(email, 'a@b.co');
      await user.type(message, 'नमस्कार');
      await user.click(screen.getByRole('button', { name: send }));
      expect(await screen.findByText(said)).toBeInTheDocument();
      expect(name).toHaveValue('सुरेश पाटील');
      expect(email).toHaveValue('a@b.co');
      expect(message).toHaveValue('नमस्कार');
      unmount();
    }
  });

  it('past the rate limit without a wait says the server’s message', async () => {
    stubFetch(json({ error: 'Too many submissions from your connection. Please try again later.' }, 429));
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />, { lng: 'mr' });
    const [name, email, message] = screen.getAllByRole('textbox');
    await user.type(name, 'सुरेश');
    await user.type(email, 'a@b.co');
    await user.type(message, 'नमस्कार');
    await user.click(screen.getByRole('button', { name: 'संदेश पाठवा' }));
    expect(await screen.findByText('आपल्या इंटरनेट कनेक्शनवरून खूप वेळा माहिती पाठवली गेली. कृपया थोड्या वेळाने पुन्हा प्रयत्न करा.')).toBeInTheDocument();
  });

  it('sends what the hidden honeypot holds as website, and is refused when it is filled', async () => {
    const calls = stubFetch(json({ error: 'Validation failed', fields: { website: 'Leave this field empty' } }, 422));
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    await fill(user, { name: 'Bot', email: 'bot@example.org', message: 'Buy now' });
    fireEvent.change(screen.getByLabelText('Leave this field empty'), { target: { value: 'https://spam.example' } });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Error submitting message')).toBeInTheDocument();
    expect(await calls[0].json()).toEqual({ full_name: 'Bot', email: 'bot@example.org', message: 'Buy now', website: 'https://spam.example' });
  });
});

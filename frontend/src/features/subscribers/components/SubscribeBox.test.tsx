import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubFetch } from '@/test/render';
import { sampleSite } from '@/test/sampleSite';
import { SubscribeBox } from './SubscribeBox';

const setup = (lng: 'en' | 'mr' = 'en') => {
  const user = userEvent.setup();
  renderWithProviders(<SubscribeBox />, { lng });
  const input = screen.getByRole('textbox');
  return { user, input };
};

const status = () => screen.getByRole('status');

describe('SubscribeBox', () => {
  it('shows the title and placeholder of the specification', () => {
    const { input } = setup();
    expect(screen.getByRole('heading', { name: 'Subscribe for Event Updates' })).toBeInTheDocument();
    expect(input).toHaveAttribute('placeholder', 'Enter Email or Mobile Number');
  });

  it('does not force the e-mail keyboard: many type a mobile number', () => {
    const { input } = setup();
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('inputmode', 'text');
    expect(input).toHaveAttribute('autocapitalize', 'none');
  });

  it('says subscribe in the glossary\'s words in Marathi, not the registration words', () => {
    setup('mr');
    expect(screen.getByRole('heading', { name: 'कार्यक्रमांची माहिती नियमित मिळवा' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'माहिती मिळवा' })).toBeInTheDocument();
    expect(screen.queryByText(/नोंदणी/)).toBeNull();
  });

  it('refuses an empty value without sending anything', async () => {
    const calls = stubFetch(json({}, 201));
    const { user, input } = setup();
    await user.type(input, '   ');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    // The rule table arrives with the first focus of the field (a chunk of its own).
    await waitFor(() => expect(status()).toHaveTextContent('Please enter email or mobile'));
    expect(calls).toHaveLength(0);
    // It looks like an error: the field is marked invalid and described by the message, which
    // carries the error style and its icon.
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please enter email or mobile');
    const message = within(status()).getByText('Please enter email or mobile').parentElement!;
    expect(message.className).toMatch(/error/);
    expect(message.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    expect(input).toHaveFocus();
  });

  it('sends the value and shows the server 422 field message under the form', async () => {
    const calls = stubFetch(
      json({ error: 'Validation failed', fields: { value: 'Enter a valid email address or 10-digit mobile number.' } }, 422),
    );
    const { user, input } = setup();
    await user.type(input, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(status()).toHaveTextContent('Enter a valid email address or 10-digit mobile number.'));
    expect(calls).toHaveLength(1);
    expect(calls[0].method).toBe('POST');
    expect(new URL(calls[0].url).pathname).toBe('/api/subscribers');
    expect(await calls[0].json()).toEqual({ value: 'not-an-address', website: '' });
    expect(localStorage.getItem('isSubscribed')).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the 409 message, translated into Marathi', async () => {
    stubFetch(json({ error: 'This email or mobile number is already subscribed.' }, 409));
    const { user, input } = setup('mr');
    await user.type(input, 'a@b.co');
    await user.click(screen.getByRole('button', { name: 'माहिती मिळवा' }));
    await waitFor(() => expect(status()).toHaveTextContent('या ईमेल किंवा मोबाईल क्रमांकावर कार्यक्रमांची माहिती आधीपासूनच पाठवली जाते.'));
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows "Something went wrong." when the server gives no message', async () => {
    stubFetch(new Response('oops', { status: 500 }));
    const { user, input } = setup();
    await user.type(input, 'a@b.co');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(status()).toHaveTextContent('Something went wrong.'));
  });

  it('shows "Error connecting to server." on a network failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(new TypeError('Failed to fetch'));
    const { user, input } = setup();
    await user.type(input, '9876543210');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(status()).toHaveTextContent('Error connecting to server.'));
  });

  it('on success clears the field, stores isSubscribed and opens the channel popup until Close', async () => {
    stubFetch(json({ id: 1, value: '9876543210', created_at: '2026-01-01T00:00:00Z' }, 201));
    const { user, input } = setup();
    await user.type(input, '9876543210');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    const dialog = await screen.findByRole('dialog', { name: 'Thank you for subscribing!' });
    expect(input).toHaveValue('');
    expect(localStorage.getItem('isSubscribed')).toBe('true');
    const link = within(dialog).getByRole('link', { name: /Visit our YouTube channel/ });
    expect(link).toHaveAttribute('href', sampleSite.organisation.video_channel);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(status()).toHaveTextContent('');

    // Focus moves inside the dialog (once it has opened; a busy machine takes a moment); Close returns to the page.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('for an e-mail address, says in the popup that a confirmation link was sent', async () => {
    stubFetch(json({ id: 2, value: 'asha@example.org', created_at: '2026-01-01T00:00:00Z', status: 'waiting', lang: 'en', confirmation_sent: true }, 201));
    const { user, input } = setup();
    await user.type(input, 'asha@example.org');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Thank you for subscribing!' });
    expect(dialog).toHaveTextContent('We sent a confirmation link to your e-mail. Updates start once you confirm.');
    expect(within(dialog).getByRole('link', { name: /Visit our YouTube channel/ })).toBeInTheDocument();
    expect(localStorage.getItem('isSubscribed')).toBe('true');
  });

  it('takes a 200 (an address waiting or unsubscribed, subscribed again) as success, in Marathi too', async () => {
    stubFetch(json({ id: 2, value: 'asha@example.org', created_at: '2026-01-01T00:00:00Z', status: 'waiting', lang: 'mr', confirmation_sent: true }, 200));
    const { user, input } = setup('mr');
    await user.type(input, 'asha@example.org');
    await user.click(screen.getByRole('button', { name: 'माहिती मिळवा' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('आपल्या ईमेलवर निश्चितीची लिंक पाठवली आहे. आपण ती लिंक उघडून निश्चित केल्यानंतर सूचना मिळू लागतील.');
    expect(input).toHaveValue('');
    expect(status()).toHaveTextContent('');
  });

  it('says nothing of a confirmation for a mobile number', async () => {
    stubFetch(json({ id: 3, value: '9876543210', created_at: '2026-01-01T00:00:00Z', status: 'mobile', lang: 'en', confirmation_sent: false }, 201));
    const { user, input } = setup();
    await user.type(input, '9876543210');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).not.toHaveTextContent(/confirmation link/);
  });

  it('closes the popup with Escape', async () => {
    stubFetch(json({ id: 1, value: 'a@b.co', created_at: '2026-01-01T00:00:00Z' }, 201));
    const { user, input } = setup();
    await user.type(input, 'a@b.co{Enter}');
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('past the rate limit says how long to wait in Marathi and keeps the value', async () => {
    const calls = stubFetch(json({ error: 'Too many submissions from your connection. Please try again later.' }, 429, { 'Retry-After': '45' }));
    const { user, input } = setup('mr');
    await user.type(input, '9876543210');
    await user.click(screen.getByRole('button', { name: 'माहिती मिळवा' }));
    await waitFor(() => expect(status()).toHaveTextContent('आपल्या इंटरनेट कनेक्शनवरून खूप वेळा माहिती पाठवली गेली. कृपया ४५ सेकंद थांबून पुन्हा प्रयत्न करा.'));
    expect(input).toHaveValue('9876543210');
    expect(await calls[0].json()).toEqual({ value: '9876543210', website: '' });
  });
});

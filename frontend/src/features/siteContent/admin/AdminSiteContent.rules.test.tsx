/** The editor with the server's rule table for the content (bindings/validationRules.ts `siteContent`). */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderAt } from '@/test/adminRender';
import { fakeDraft } from '../testing/fakeSite';
import AdminSiteContent from './AdminSiteContent';

vi.mock('@/lib/rules', async (original) => {
  const actual = await original<typeof import('@/lib/rules')>();
  return {
    ...actual,
    validationRules: {
      ...actual.validationRules,
      siteContent: {
        'organisation.name.en': [{ kind: 'required', message: 'Enter the English text' }],
        'team.*.members.*.name.mr': [{ kind: 'required', message: 'Enter the Marathi text' }],
      },
    },
  };
});

beforeEach(() => localStorage.setItem('adminToken', 'tok'));
afterEach(() => vi.unstubAllGlobals());

describe('the editor with the server’s rules', () => {
  it('says what is wrong as a field is typed, and sends nothing while a rule fails', async () => {
    const user = userEvent.setup();
    const server = mockFetch({
      'GET /api/admin/site': () => json(fakeDraft()),
      'GET /api/admin/site/versions': () => json([]),
      'PUT /api/admin/site': async (request) => json({ ...fakeDraft(), ...((await request.json()) as object), revision: 5 }),
    });
    renderAt(<AdminSiteContent />);
    const name = await screen.findByRole('textbox', { name: 'Name (English)' });
    await user.clear(name);
    expect(name).toHaveAccessibleDescription('Enter the English text');

    // A member's Marathi name emptied on another tab: Save opens it and focuses the field.
    await user.click(screen.getByRole('tab', { name: /^Team/ }));
    await user.clear(screen.getByRole('textbox', { name: 'Name (Marathi): Ramesh More' }));
    await user.click(screen.getByRole('tab', { name: /^Organisation/ }));
    const nameAgain = screen.getByRole('textbox', { name: 'Name (English)' });
    expect(nameAgain).toHaveAccessibleDescription('Enter the English text');
    await user.type(nameAgain, 'Samiti');
    expect(nameAgain).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name (Marathi): Ramesh More' })).toHaveFocus());
    expect(screen.getByRole('textbox', { name: 'Name (Marathi): Ramesh More' })).toHaveAccessibleDescription('Enter the Marathi text');
    expect(screen.getByText('The draft was not saved. Please correct the fields marked.')).toBeInTheDocument();
    expect(server.calls('PUT', '/api/admin/site')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Name (Marathi): Ramesh More' }), 'रमेश मोरे');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText('Draft saved. Visitors see it once it is published.');
    expect(server.calls('PUT', '/api/admin/site')).toHaveLength(1);
  });
});

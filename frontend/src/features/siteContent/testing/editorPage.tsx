/**
 * The editor's tests' common ground: an administrator's token, uploads through `FakeXhr`, the
 * editor opened on its page, and the queries they share.
 */
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { renderAt } from '@/test/adminRender';
import { FakeXhr } from '@/test/fakeXhr';
import AdminSiteContent from '../admin/AdminSiteContent';

/** Registers the token and the fake uploads around every test of the calling file. */
export function editorTestSetup() {
  beforeEach(() => {
    localStorage.setItem('adminToken', 'tok');
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}

export const field = (name: string | RegExp) => screen.getByRole('textbox', { name });
export const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });
export const saveButton = () => screen.getByRole('button', { name: 'Save draft' });

/** The editor on its page, once the draft is loaded (`routes`: other pages to leave to). */
export async function opened(routes: RouteObject[] = []) {
  renderAt(<AdminSiteContent />, { path: '/admin/dashboard/site-content', routes });
  return screen.findByRole('textbox', { name: 'Name (English)' });
}

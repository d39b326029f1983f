/**
 * The browser journeys' administrator: the specs share one server, so whichever runs first
 * registers it (through the UI in admin.spec.ts when registration is still open, else here
 * through the API), and every other journey signs in.
 */
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

export const admin = { email: 'e2e-admin@example.org', password: 'e2e-secret-1' };

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

export async function registrationOpen(request: APIRequestContext): Promise<boolean> {
  const response = await request.get('/api/admin/setup');
  expect(response.ok()).toBeTruthy();
  return Boolean((await response.json()).registration_open);
}

/** Makes sure the journeys' administrator exists. */
export async function ensureAdmin(request: APIRequestContext) {
  if (await registrationOpen(request)) {
    const response = await request.post('/api/admin/register', { data: admin });
    expect(response.status()).toBe(201);
  }
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  await ensureAdmin(request);
  const response = await request.post('/api/admin/login', { data: admin });
  expect(response.status(), 'the journeys\' administrator signs in').toBe(200);
  return (await response.json()).token as string;
}

/** A page already signed in (token in localStorage), in the given language and window width. */
export async function adminPage(browser: Browser, request: APIRequestContext, lang: 'en' | 'mr' = 'en', width = 1280, height = 900): Promise<Page> {
  const token = await adminToken(request);
  const context = await browser.newContext({ viewport: { width, height } });
  await context.addInitScript(
    ([value, lng]) => {
      if (!sessionStorage.getItem('e2e-init')) {
        localStorage.setItem('adminToken', value);
        localStorage.setItem('i18nextLng', lng);
        sessionStorage.setItem('e2e-init', '1');
      }
    },
    [token, lang],
  );
  return context.newPage();
}

import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser journeys against the real server (`samiti serve`, fresh database, built client) in
 * Debian's Chromium — Playwright downloads no browser here. The server is started by
 * scripts/e2e-server.sh on 127.0.0.1:8181; build the server and the client first.
 */
const port = Number(process.env.SAMITI_E2E_PORT ?? 8181);
const baseURL = `http://127.0.0.1:${port}`;
// Where the server's test SMTP sink writes the messages it accepts (scripts/e2e-server.sh), so that
// a journey can open a link it was sent (e2e/mailbox.ts). Set here, it reaches the server and the
// journeys alike; one folder per port, so helpers on other ports keep theirs apart.
process.env.SAMITI_E2E_MAIL_DIR ??= join(tmpdir(), `samiti-e2e-mail-${port}`);

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  outputDir: 'test-results',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: /(account|mail|roles)\.spec\.ts$/ },
    // The account, mail and roles journeys add administrators, which closes the first-run registration;
    // they run after the others so that admin.spec.ts still walks through that registration in the
    // browser. (`npx playwright test e2e/account.spec.ts --no-deps` runs them alone.)
    {
      name: 'account',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: /(account|mail|roles)\.spec\.ts$/,
      dependencies: ['chromium'],
    },
  ],
  webServer: {
    command: 'bash ../scripts/e2e-server.sh',
    url: `${baseURL}/api/admin/setup`,
    env: { SAMITI_E2E_BIND: `127.0.0.1:${port}` },
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});

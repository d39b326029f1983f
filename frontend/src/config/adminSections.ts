/**
 * A section of the administrator area as the sidebar names it. The sections themselves, in the
 * sidebar's order and each with its page, are one table where the app is assembled
 * (app/adminSections.tsx), handed to the dashboard's shell.
 */
import { i18nKey } from '@/lib/text';

export type AdminSection = { path: string; label: string };

/** The full path of a section, e.g. /admin/dashboard/contacts. */
export const adminSectionPath = (path: string) => `/admin/dashboard/${path}`;

/** The administrator's own account page (password change, sign out everywhere), beside Logout. */
export const adminAccountSection: AdminSection = { path: 'account', label: i18nKey('Account') };

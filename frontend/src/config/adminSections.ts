/**
 * A section of the administrator area as the sidebar names it, and the role it needs
 * (docs/DESIGN.md §10). The sections themselves, in the sidebar's order and each with its page
 * and role, are one table where the app is assembled (app/adminSections.tsx), handed to the
 * dashboard's shell.
 */
import type { Role } from '@bindings/Role';
import { i18nKey } from '@/lib/text';

export type { Role };

export type AdminSection = {
  path: string;
  label: string;
  /** The role that opens the section (an owner opens every one); none: every administrator. */
  role?: Role;
};

/** Every role, in the server's order (bindings/Role.ts). */
export const allRoles: readonly Role[] = ['owner', 'content', 'communications', 'bookings', 'families', 'matrimony'];

/** Whether an administrator holding `roles` may open what needs `role`: an owner opens everything. */
export function rolesAllow(roles: readonly Role[], role: Role | undefined): boolean {
  return role === undefined || roles.includes('owner') || roles.includes(role);
}

/** The sections `roles` may open, in the table's order. */
export function sectionsFor<S extends AdminSection>(sections: readonly S[], roles: readonly Role[]): S[] {
  return sections.filter((section) => rolesAllow(roles, section.role));
}

/** The full path of a section, e.g. /admin/dashboard/contacts. */
export const adminSectionPath = (path: string) => `/admin/dashboard/${path}`;

/** The administrator's own account page (password change, sign out everywhere), beside Logout: for everyone. */
export const adminAccountSection: AdminSection = { path: 'account', label: i18nKey('Account') };

/**
 * The six roles (docs/DESIGN.md §10) as the dashboard names them: a name and a one-line
 * explanation of what each opens (i18n keys, English; Marathi in the translation files).
 */
import { allRoles, type Role } from '@/config/adminSections';
import { i18nKey } from '@/lib/text';

export const roleNames: Record<Role, string> = {
  owner: i18nKey('Owner'),
  content: i18nKey('Content'),
  communications: i18nKey('Communications'),
  bookings: i18nKey('Bookings'),
  families: i18nKey('Families'),
  matrimony: i18nKey('Matrimony'),
};

export const roleExplanations: Record<Role, string> = {
  owner: i18nKey('everything, plus the administrators, their roles, the audit log and backups'),
  content: i18nKey('the site content, notifications, events, gallery, magazines and employment notices'),
  communications: i18nKey('contacts and subscribers'),
  bookings: i18nKey('the four booking lists, capacity and closed dates'),
  families: i18nKey('the family registry'),
  matrimony: i18nKey('matrimonial profiles and their approval'),
};

export { allRoles };

/** `roles` in the server's order, without repeats. */
export function sortedRoles(roles: readonly Role[]): Role[] {
  return allRoles.filter((role) => roles.includes(role));
}

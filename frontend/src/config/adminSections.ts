/**
 * The administrator sidebar (docs/SPECIFICATION.md §2 "Administrator area"): the 13 nested routes of
 * /admin/dashboard, in the specification's order, with their labels (i18n keys), plus the
 * bookings' capacity page under the four booking lists.
 */
import { bookingKindFacts, bookingKindList } from '@bindings/bookingKinds';
import { i18nKey } from '@/lib/text';

export type AdminSection = { path: string; label: string };

export const adminSections: AdminSection[] = [
  { path: 'contacts', label: i18nKey('Contacts') },
  { path: 'notifications', label: i18nKey('Notifications') },
  { path: 'subscribers', label: i18nKey('Subscribers') },
  { path: 'events', label: i18nKey('Events') },
  { path: 'gallery', label: i18nKey('Gallery') },
  { path: 'magazines', label: i18nKey('Magazines') },
  { path: 'profiles', label: i18nKey('Matrimonial Profiles') },
  ...bookingKindList.map((kind) => ({ path: bookingKindFacts[kind].stem, label: bookingKindFacts[kind].listTitle })),
  { path: 'booking-capacity', label: i18nKey('Capacity and closed dates') },
  { path: 'heads', label: i18nKey('Family Details') },
  { path: 'career', label: i18nKey('Employment') },
];

/** The full path of a section, e.g. /admin/dashboard/contacts. */
export const adminSectionPath = (path: string) => `/admin/dashboard/${path}`;

/** The administrator's own account page (password change, sign out everywhere), beside Logout. */
export const adminAccountSection: AdminSection = { path: 'account', label: i18nKey('Account') };

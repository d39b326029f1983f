/**
 * The administrator area's sections (docs/SPECIFICATION.md §2 "Administrator area"), in the
 * sidebar's order: the 13 nested routes of /admin/dashboard, plus the bookings' capacity page
 * under the four booking lists and the site content (docs/DESIGN.md §12) after the other content
 * sections, then the owners' administrators, audit log and backups. The mail pages (updates by
 * e-mail and the send log, docs/DESIGN.md §14) follow the subscribers. One table: the
 * sidebar and the dashboard's shortcuts show it (AdminLayout, AdminHome) and the route table
 * (adminRoutes.tsx) gives each its page, which is a lazy chunk of its own (`page`), or, for a
 * plain list, the shared list page drawn from the list's declaration (`list`, see
 * components/admin/AdminListPage). A section with neither shows the "being prepared" panel.
 * Each names the role that opens it (docs/DESIGN.md §10; an owner opens every one): the
 * sidebar and the shortcuts show only the sections the administrator's roles open, and a
 * section reached by its address without the role shows the "no access" panel.
 */
import type { MediaKind } from '@bindings/MediaKind';
import type { BookingKind } from '@bindings/BookingKind';
import { bookingKindFacts, bookingKindList } from '@bindings/bookingKinds';
import { adminList, type AdminListSpec } from '@/components/admin/adminListSpec';
import type { AdminSection, Role } from '@/config/adminSections';
import { i18nKey } from '@/lib/text';
import { subscriberStatusLabels, subscriberStatusOptions, type Subscriber } from '@/features/subscribers/admin/subscriberStatus';

export type PageModule = { default: React.ComponentType };

export type AdminSectionEntry = AdminSection & {
  /** The role that opens it (an owner opens every section). */
  role: Role;
  /** The section's page, loaded when it is opened. */
  page?: () => Promise<PageModule>;
  /** A plain list: the shared list page shows it. */
  list?: AdminListSpec;
};

/** The media sections share one page component, parameterised by kind. */
const mediaSection = (kind: MediaKind) => async (): Promise<PageModule> => ({
  default: (await import('@/features/media/admin/AdminMedia')).mediaPages[kind],
});

/** The booking lists share one page component, parameterised by kind. */
const bookingSection = (kind: BookingKind) => async (): Promise<PageModule> => ({
  default: (await import('@/features/bookings/admin/AdminBookings')).bookingPages[kind],
});

export const adminSections: AdminSectionEntry[] = [
  { path: 'contacts', label: i18nKey('Contacts'), role: 'communications', page: () => import('@/features/contacts/admin/AdminContacts') },
  { path: 'notifications', label: i18nKey('Notifications'), role: 'content', page: () => import('@/features/notifications/admin/AdminNotifications') },
  {
    path: 'subscribers',
    label: i18nKey('Subscribers'),
    role: 'communications',
    // The row type names `status` until the generated API types have it (subscriberStatus.ts).
    list: adminList<'/api/subscribers', Subscriber>({
      api: '/api/subscribers',
      intro: i18nKey('People who asked for event updates.'),
      fields: [
        { key: 'value', header: i18nKey('Email or mobile number'), sortable: true },
        { key: 'status', header: i18nKey('Status'), labels: subscriberStatusLabels },
        { key: 'created_at', header: i18nKey('Subscribed on'), date: true, sortable: true },
      ],
      filters: [{ name: 'status', label: i18nKey('Status'), options: subscriberStatusOptions }],
      deleteConfirmation: i18nKey('Delete this subscriber?'),
    }),
  },
  { path: 'updates', label: i18nKey('Updates by e-mail'), role: 'communications', page: () => import('@/features/mail/admin/AdminUpdates') },
  { path: 'mail', label: i18nKey('Send log'), role: 'communications', page: () => import('@/features/mail/admin/AdminMailLog') },
  { path: 'events', label: i18nKey('Events'), role: 'content', page: mediaSection('events') },
  { path: 'gallery', label: i18nKey('Gallery'), role: 'content', page: mediaSection('gallery') },
  { path: 'magazines', label: i18nKey('Magazines'), role: 'content', page: mediaSection('magazines') },
  { path: 'profiles', label: i18nKey('Matrimonial Profiles'), role: 'matrimony', page: () => import('@/features/matrimony/admin/AdminProfiles') },
  ...bookingKindList.map((kind) => ({
    path: bookingKindFacts[kind].stem,
    label: bookingKindFacts[kind].listTitle,
    role: bookingKindFacts[kind].role,
    page: bookingSection(kind),
  })),
  { path: 'booking-capacity', label: i18nKey('Capacity and closed dates'), role: 'bookings', page: () => import('@/features/bookings/admin/AdminCapacity') },
  { path: 'heads', label: i18nKey('Family Details'), role: 'families', page: () => import('@/features/families/admin/AdminHeads') },
  { path: 'career', label: i18nKey('Employment'), role: 'content', page: mediaSection('career') },
  { path: 'site-content', label: i18nKey('Site content'), role: 'content', page: () => import('@/features/siteContent/admin/AdminSiteContent') },
  { path: 'administrators', label: i18nKey('Administrators'), role: 'owner', page: () => import('@/features/administration/admin/AdminAdministrators') },
  { path: 'audit', label: i18nKey('Audit log'), role: 'owner', page: () => import('@/features/administration/admin/AdminAudit') },
  { path: 'backup', label: i18nKey('Backups'), role: 'owner', page: () => import('@/features/backup/admin/AdminBackup') },
];

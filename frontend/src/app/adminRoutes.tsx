/**
 * The administrator area's routes (docs/SPECIFICATION.md §2): /adminLogin and /register inside the site shell,
 * the protected /admin/dashboard with its 13 nested sections and the administrator's own
 * account page (/admin/dashboard/account), and /admin/family/:headId.
 * Every page is a lazy chunk, so visitors of the public site never download the admin area.
 */
import type { MediaKind } from '@bindings/MediaKind';
import type { BookingKind } from '@/features/bookings/admin/api';
import { bookingKindFacts, bookingKindList } from '@bindings/bookingKinds';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { PublicLayout } from '@/components/layout/PublicLayout';
import { paths } from '@/config/paths';
import { adminAccountSection, adminSections } from '@/config/adminSections';
import { UnauthorizedRedirect } from '@/components/admin/UnauthorizedRedirect';

type PageModule = { default: React.ComponentType };

const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

/** A section that a later piece of work builds: a translated "being prepared" panel. */
const preparing = (title: string, backTo?: { to: string; label: string }) => async () => {
  const { default: AdminComingSoon } = await import('@/components/admin/AdminComingSoon');
  return { Component: () => <AdminComingSoon title={title} backTo={backTo} /> };
};

/** The media sections share one page component, parameterised by kind. */
const mediaSection = (kind: MediaKind) => async (): Promise<PageModule> => ({
  default: (await import('@/features/media/admin/AdminMedia')).mediaPages[kind],
});

/** The booking lists share one page component, parameterised by kind. */
const bookingSection = (kind: BookingKind) => async (): Promise<PageModule> => ({
  default: (await import('@/features/bookings/admin/AdminBookings')).bookingPages[kind],
});

/** The sections whose pages exist; the others show the "being prepared" panel. */
const builtSections: Record<string, () => Promise<PageModule>> = {
  contacts: () => import('@/features/contacts/admin/AdminContacts'),
  notifications: () => import('@/features/notifications/admin/AdminNotifications'),
  subscribers: () => import('@/features/subscribers/admin/AdminSubscribers'),
  events: mediaSection('events'),
  gallery: mediaSection('gallery'),
  magazines: mediaSection('magazines'),
  career: mediaSection('career'),
  ...Object.fromEntries(bookingKindList.map((kind) => [bookingKindFacts[kind].stem, bookingSection(kind)])),
  'booking-capacity': () => import('@/features/bookings/admin/AdminCapacity'),
  heads: () => import('@/features/families/admin/AdminHeads'),
  profiles: () => import('@/features/matrimony/admin/AdminProfiles'),
};

const layout = page(() => import('@/components/admin/AdminLayout'));

/**
 * Every administrator page (the sign-in pages too) sits inside AdminSession, which sends an
 * administrator whose token the server refuses back to the login.
 */
export const adminRoutes: RouteObject[] = [
  {
    element: <AdminSession />,
    children: [
      {
        element: <PublicLayout />,
        hydrateFallbackElement: <PublicLayout />,
        children: [
          { path: paths.adminLogin, lazy: page(() => import('@/features/auth/components/AdminLogin')) },
          { path: paths.adminRegister, lazy: page(() => import('@/features/auth/components/AdminRegister')) },
        ],
      },
      {
        path: paths.adminDashboard,
        lazy: layout,
        children: [
          { index: true, lazy: page(() => import('@/components/admin/AdminHome')) },
          ...adminSections.map(
            (section): RouteObject => ({
              path: section.path,
              lazy: builtSections[section.path] ? page(builtSections[section.path]) : preparing(section.label),
            }),
          ),
          { path: adminAccountSection.path, lazy: page(() => import('@/features/auth/admin/AdminAccount')) },
          { path: '*', element: <Navigate to={paths.adminDashboard} replace /> },
        ],
      },
      {
        path: '/admin/family/:headId',
        lazy: layout,
        children: [
          { index: true, lazy: page(() => import('@/features/families/admin/AdminFamily')) },
        ],
      },
    ],
  },
];

function AdminSession() {
  return (
    <>
      <UnauthorizedRedirect />
      <Outlet />
    </>
  );
}

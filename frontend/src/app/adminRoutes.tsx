/**
 * The administrator area's routes (docs/SPECIFICATION.md §2): /adminLogin and /register inside the site shell,
 * the protected /admin/dashboard with its 13 nested sections and the owners' administrators,
 * audit log and backups (the table in adminSections.tsx, each behind its role), the administrator's own account page (/admin/dashboard/account), and /admin/family/:headId.
 * Every page is a lazy chunk, so visitors of the public site never download the admin area.
 */
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { PublicLayout } from '@/components/layout/PublicLayout';
import { paths } from '@/config/paths';
import { adminAccountSection } from '@/config/adminSections';
import { UnauthorizedRedirect } from '@/components/admin/UnauthorizedRedirect';
import { RoleGate } from '@/components/admin/RoleGate';
import { adminSections, type AdminSectionEntry, type PageModule } from './adminSections';

const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

/** A section that a later piece of work builds: a translated "being prepared" panel. */
const preparing = (title: string, backTo?: { to: string; label: string }) => async () => {
  const { default: AdminComingSoon } = await import('@/components/admin/AdminComingSoon');
  return { Component: () => <AdminComingSoon title={title} backTo={backTo} /> };
};

/** A section's page: its own, the shared list page with its declaration, or "being prepared". */
function sectionContent({ label, page: load, list }: AdminSectionEntry) {
  if (load) return page(load);
  if (!list) return preparing(label);
  return async () => {
    const { AdminListPage } = await import('@/components/admin/AdminListPage');
    return { Component: () => <AdminListPage title={label} list={list} /> };
  };
}

/** The section's page behind its role: without it, the "no access" panel (components/admin/RoleGate). */
function sectionPage(section: AdminSectionEntry) {
  const content = sectionContent(section);
  return async () => {
    const { Component: Page } = await content();
    return {
      Component: () => (
        <RoleGate role={section.role}>
          <Page />
        </RoleGate>
      ),
    };
  };
}

/** The family page belongs to the family registry's section. */
const familiesRole = adminSections.find((section) => section.path === 'heads')?.role;

/** The dashboard's shell and first page, given the sections they show. */
const layout = async () => {
  const { default: AdminLayout } = await import('@/components/admin/AdminLayout');
  return { Component: () => <AdminLayout sections={adminSections} /> };
};
const home = async () => {
  const { default: AdminHome } = await import('@/components/admin/AdminHome');
  return { Component: () => <AdminHome sections={adminSections} /> };
};

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
          { index: true, lazy: home },
          ...adminSections.map((section): RouteObject => ({ path: section.path, lazy: sectionPage(section) })),
          { path: adminAccountSection.path, lazy: page(() => import('@/features/auth/admin/AdminAccount')) },
          { path: '*', element: <Navigate to={paths.adminDashboard} replace /> },
        ],
      },
      {
        path: '/admin/family/:headId',
        lazy: layout,
        children: [
          {
            index: true,
            lazy: async () => {
              const { default: Family } = await import('@/features/families/admin/AdminFamily');
              return {
                Component: () => (
                  <RoleGate role={familiesRole}>
                    <Family />
                  </RoleGate>
                ),
              };
            },
          },
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

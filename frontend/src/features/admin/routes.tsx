/**
 * PLACEHOLDER — the administrator area's engineer replaces this file.
 *
 * Contract with src/app/router.tsx: export `adminRoutes: RouteObject[]` covering /adminLogin,
 * /register, /admin/dashboard/* and /admin/family/:headId. They are mounted at the root of the
 * router (outside the public site shell: wrap a route in `PublicLayout` to get the shell). Keep
 * every page lazy (route `lazy` or React.lazy) so the home page does not load the admin area.
 */
import type { RouteObject } from 'react-router';
import { PublicLayout } from '@/components/layout/PublicLayout';
import { i18nKey } from '@/lib/text';

const placeholder = (title: string) => async () => {
  const { default: Page } = await import('@/features/placeholder/ComingSoonPage');
  return { Component: () => <Page title={title} /> };
};

export const adminRoutes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: '/adminLogin', lazy: placeholder(i18nKey('Admin Login')) },
      { path: '/register', lazy: placeholder(i18nKey('Admin Registration')) },
    ],
  },
  { path: '/admin/dashboard/*', lazy: placeholder(i18nKey('Admin Dashboard')) },
  { path: '/admin/family/:headId', lazy: placeholder(i18nKey('Family Details')) },
];

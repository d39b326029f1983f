/**
 * Every route of docs/SPECIFICATION.md §2, with its exact path. The home page is part of the entry chunk; every
 * other page is a lazy route chunk, and the administrator's route table one more, so a visitor
 * on a phone downloads only what they open. The build prerenders the public pages with these
 * same routes (src/entry-server.tsx).
 */
import {
  Navigate,
  createBrowserRouter,
  matchRoutes,
  useLocation,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { PublicLayout } from '@/components/layout/PublicLayout';
import { paths } from '@/config/paths';
import { bookingKindFacts, bookingKindList } from '@bindings/bookingKinds';
import type { BookingKind } from '@/features/bookings/kinds';
import HomePage from './HomePage';
import { BootSplash } from './BootSplash';
import { RouteError } from './RouteError';

type PageModule = { default: React.ComponentType };

/** A lazy route whose module's default export is the page. */
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

const booking = (kind: BookingKind) => async () => {
  const { default: BookingPage } = await import('@/features/bookings/components/BookingPage');
  return { Component: () => <BookingPage kind={kind} /> };
};

const subBody = (id: string) => async () => {
  const { default: SubBodyPage } = await import('@/features/about/components/SubBodyPage');
  return { Component: () => <SubBodyPage id={id} /> };
};

export const publicRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: paths.about, lazy: page(() => import('@/features/about/components/AboutPage')) },
  { path: paths.aboutYuvajanSangh, lazy: subBody('YuvajanSangh') },
  { path: paths.aboutSeniorCitizen, lazy: subBody('SeniorCitizen') },
  { path: paths.aboutCounsellingClub, lazy: subBody('CounsellingClub') },
  { path: paths.aboutVadhuVarMandal, lazy: subBody('VadhuVarMandal') },
  { path: paths.aboutShikshanSanstha, lazy: subBody('ShikshanSanstha') },
  { path: paths.aboutMahilaMandal, lazy: subBody('MahilaMandal') },
  { path: paths.aboutPurohitSangh, lazy: subBody('PurohitSangh') },
  { path: paths.aboutTempleCommittee, lazy: subBody('TempleCommittee') },
  { path: paths.gallery, lazy: page(() => import('@/features/media/components/GalleryPage')) },
  { path: paths.onlineServices, lazy: page(() => import('@/features/services/components/OnlineServicesPage')) },
  { path: paths.memberRegistration, lazy: page(() => import('@/features/families/components/FamilyRegistrationPage')) },
  // Each booking kind's page, from the server's table of kinds.
  ...bookingKindList.map((kind) => ({ path: bookingKindFacts[kind].page, lazy: booking(kind) })),
  { path: paths.bookingCheck, lazy: page(() => import('@/features/bookings/components/BookingCheckPage')) },
  { path: paths.matrimonials, lazy: page(() => import('@/features/matrimony/components/RegistrationPage')) },
  { path: paths.managementTeam, lazy: page(() => import('@/features/about/components/ManagementTeamPage')) },
  { path: paths.magazines, lazy: page(() => import('@/features/media/components/MagazinesPage')) },
  { path: paths.career, lazy: page(() => import('@/features/media/components/CareerPage')) },
  { path: paths.contact, lazy: page(() => import('@/features/contacts/components/ContactPage')) },
  { path: paths.profileCard, lazy: page(() => import('@/features/matrimony/components/CreateProfilePage')) },
  { path: paths.loginUser, lazy: page(() => import('@/features/matrimony/components/LoginPage')) },
  { path: paths.matches, lazy: page(() => import('@/features/matrimony/components/MatchesPage')) },
  { path: paths.myProfile, lazy: page(() => import('@/features/matrimony/components/MyProfilePage')) },
  { path: paths.forgotPassword, lazy: page(() => import('@/features/matrimony/components/ForgotPasswordPage')) },
  { path: paths.resetPassword, lazy: page(() => import('@/features/matrimony/components/ResetPasswordPage')) },
  { path: paths.privacyPolicy, lazy: page(() => import('@/features/about/components/PrivacyPolicyPage')) },
  { path: paths.login, element: <LoginRedirect /> },
  { path: '*', lazy: page(() => import('@/features/placeholder/NotFoundPage')) },
];

const ROOT_ROUTE_ID = 'root';

export const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    errorElement: <RouteError />,
    // On the first load of a page that is not prerendered (see resolveLazyRoutes), the router
    // draws the nearest fallback until the page's code has arrived (the site shell for public
    // pages, the splash for the administrator's dashboard).
    hydrateFallbackElement: <BootSplash />,
    children: [{ element: <PublicLayout />, hydrateFallbackElement: <PublicLayout />, children: publicRoutes }],
  },
];

const isAdminPath = (path: string) =>
  path.startsWith(paths.adminLogin) || path.startsWith(paths.adminRegister) || path.startsWith('/admin/');

const loadAdminRoutes = async () => (await import('./adminRoutes')).adminRoutes;

/**
 * The administrator's routes (app/adminRoutes.tsx) are a chunk of their own, added to the
 * router when a path first asks for them: the public pages' first load carries none of them.
 */
export const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (isAdminPath(path)) patch(ROOT_ROUTE_ID, await loadAdminRoutes());
};

/**
 * A visit that opens on an administrator's page: their routes join the table before the router
 * starts, so that it draws their fallback (the splash) rather than the public site's shell.
 */
export async function addAdminRoutesFor(pathname: string) {
  if (!isAdminPath(pathname)) return;
  const admin = await loadAdminRoutes();
  const children = routes[0].children!;
  if (!children.includes(admin[0])) children.push(...admin);
}

/** /login (docs/SPECIFICATION.md §6) forwards to /adminLogin with the page to go back to and the reason. */
function LoginRedirect() {
  const { search, state } = useLocation();
  return <Navigate to={{ pathname: paths.adminLogin, search }} state={state} replace />;
}

/**
 * Loads the code of the lazy routes that match `pathname` and puts it in place of their `lazy`,
 * as the build's prerender did: hydrating a prerendered page then renders that same page at
 * once, rather than a fallback that would not match the HTML.
 */
export async function resolveLazyRoutes(pathname: string) {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
}

export function createRouter() {
  return createBrowserRouter(routes, { patchRoutesOnNavigation });
}

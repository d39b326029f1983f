/**
 * Every client route of the specification (§2), written exactly as specified — including the
 * spelling of `/onlineServices/memberRegistraion`. Components link through these constants.
 */
import { bookingKindFacts, bookingKindList } from '@bindings/bookingKinds';
import { i18nKey } from '@/lib/text';

export const paths = {
  home: '/',
  about: '/about',
  aboutYuvajanSangh: '/about/YuvajanSangh',
  aboutSeniorCitizen: '/about/SeniorCitizen',
  aboutCounsellingClub: '/about/CounsellingClub',
  aboutVadhuVarMandal: '/about/VadhuVarMandal',
  aboutShikshanSanstha: '/about/ShikshanSanstha',
  aboutMahilaMandal: '/about/MahilaMandal',
  aboutPurohitSangh: '/about/PurohitSangh',
  aboutTempleCommittee: '/about/TempleCommittee',
  gallery: '/gallery',
  onlineServices: '/onlineServices',
  memberRegistration: '/onlineServices/memberRegistraion',
  alandiRoomBooking: '/onlineServices/alandiRoomBooking',
  markandeyaAbhishek: '/onlineServices/markandeyaAbhishek',
  poshavvadeviAbhishek: '/onlineServices/poshavvadeviAbhishek',
  shitaladeviAbhishek: '/onlineServices/shitaladeviAbhishek',
  /** The public check page a confirmation's QR code opens. */
  bookingCheck: '/booking/:reference',
  bookingCheckOf: (reference: string) => `/booking/${encodeURIComponent(reference)}`,
  matrimonials: '/matrimonials',
  managementTeam: '/managementTeam',
  magazines: '/magazines',
  career: '/career',
  contact: '/contact',
  profileCard: '/profilecard',
  loginUser: '/loginUser',
  matches: '/matches',
  /** A member's own profiles: their status, correction and erasure. */
  myProfile: '/myProfile',
  /** A member's forgotten password: the e-mail that receives a link. */
  forgotPassword: '/forgotPassword',
  /** The e-mailed link's page (the server writes `/resetPassword?token=…` into the message). */
  resetPassword: '/resetPassword',
  privacyPolicy: '/privacy-policy',
  login: '/login',
  adminLogin: '/adminLogin',
  adminRegister: '/register',
  adminDashboard: '/admin/dashboard',
  adminFamily: (headId: number | string) => `/admin/family/${headId}`,
} as const;

/**
 * One entry of the site navigation; `label` is an i18n key (the English text). `also` lists
 * the pages outside its path that belong to it: the entry is shown as current there too.
 */
export type NavEntry = { label: string; to: string; children?: NavEntry[]; also?: string[] };

export const navigation: NavEntry[] = [
  { label: i18nKey('Home'), to: paths.home },
  {
    label: i18nKey('About'),
    to: paths.about,
    children: [
      { label: i18nKey('Yuvajan Sangh'), to: paths.aboutYuvajanSangh },
      { label: i18nKey('Senior Citizens Club'), to: paths.aboutSeniorCitizen },
      { label: i18nKey('Senior Counselling Club'), to: paths.aboutCounsellingClub },
      { label: i18nKey('Vadhu Var Mandal'), to: paths.aboutVadhuVarMandal },
      { label: i18nKey('Shikshan Sanstha'), to: paths.aboutShikshanSanstha },
      { label: i18nKey('Mahila Mandal'), to: paths.aboutMahilaMandal },
      { label: i18nKey('Purohit Sangh'), to: paths.aboutPurohitSangh },
      { label: i18nKey('Temple Committee'), to: paths.aboutTempleCommittee },
    ],
  },
  { label: i18nKey('Gallery'), to: paths.gallery },
  {
    label: i18nKey('Online Services'),
    to: paths.onlineServices,
    children: [
      { label: i18nKey('Member Registration'), to: paths.memberRegistration },
      ...bookingKindList.map((kind) => ({ label: bookingKindFacts[kind].title, to: bookingKindFacts[kind].page })),
    ],
  },
  { label: i18nKey('Matrimonials'), to: paths.matrimonials, also: [paths.profileCard, paths.loginUser, paths.matches, paths.myProfile, paths.forgotPassword, paths.resetPassword] },
  { label: i18nKey('Management Team'), to: paths.managementTeam },
  { label: i18nKey('Magazines'), to: paths.magazines },
  { label: i18nKey('Employment'), to: paths.career },
  { label: i18nKey('Contact'), to: paths.contact },
];

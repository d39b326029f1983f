/**
 * Every client route of the specification (§2), written exactly as specified — including the
 * spelling of `/onlineServices/memberRegistraion`. Components link through these constants.
 */
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
  matrimonials: '/matrimonials',
  managementTeam: '/managementTeam',
  magazines: '/magazines',
  career: '/career',
  contact: '/contact',
  profileCard: '/profilecard',
  loginUser: '/loginUser',
  matches: '/matches',
  privacyPolicy: '/privacy-policy',
  login: '/login',
  adminLogin: '/adminLogin',
  adminRegister: '/register',
  adminDashboard: '/admin/dashboard',
  adminFamily: (headId: number | string) => `/admin/family/${headId}`,
} as const;

/** One entry of the site navigation; `label` is an i18n key (the English text). */
export type NavEntry = { label: string; to: string; children?: NavEntry[] };

export const navigation: NavEntry[] = [
  { label: 'Home', to: paths.home },
  {
    label: 'About',
    to: paths.about,
    children: [
      { label: 'Yuvajan Sangh', to: paths.aboutYuvajanSangh },
      { label: 'Senior Citizens Club', to: paths.aboutSeniorCitizen },
      { label: 'Senior Counselling Club', to: paths.aboutCounsellingClub },
      { label: 'Vadhu Var Mandal', to: paths.aboutVadhuVarMandal },
      { label: 'Shikshan Sanstha', to: paths.aboutShikshanSanstha },
      { label: 'Mahila Mandal', to: paths.aboutMahilaMandal },
      { label: 'Purohit Sangh', to: paths.aboutPurohitSangh },
      { label: 'Temple Committee', to: paths.aboutTempleCommittee },
    ],
  },
  { label: 'Gallery', to: paths.gallery },
  {
    label: 'Online Services',
    to: paths.onlineServices,
    children: [
      { label: 'Member Registration', to: paths.memberRegistration },
      { label: 'Alandi Room Booking', to: paths.alandiRoomBooking },
      { label: 'Markandeya Abhishek', to: paths.markandeyaAbhishek },
      { label: 'Poshavvadevi Abhishek', to: paths.poshavvadeviAbhishek },
      { label: 'Shitaladevi Abhishek', to: paths.shitaladeviAbhishek },
    ],
  },
  { label: 'Matrimonials', to: paths.matrimonials },
  { label: 'Management Team', to: paths.managementTeam },
  { label: 'Magazines', to: paths.magazines },
  { label: 'Employment', to: paths.career },
  { label: 'Contact', to: paths.contact },
];

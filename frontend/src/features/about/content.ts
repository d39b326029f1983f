/**
 * Static content of the About pages and the Management Team (docs/SPECIFICATION.md §1: static lists of names
 * and roles). Names and descriptions are content in both languages; roles are i18n keys.
 *
 * SAMPLE CONTENT: every name, phone number and description below is a placeholder for the
 * organisation to replace.
 */
import type { Bilingual } from '@/config/site';
import { i18nKey } from '@/lib/text';

export type Person = { name: Bilingual; role: string; phone?: string };

const first = [
  ['Suresh', 'सुरेश'], ['Ramesh', 'रमेश'], ['Vijay', 'विजय'], ['Anil', 'अनिल'], ['Prakash', 'प्रकाश'],
  ['Sunil', 'सुनील'], ['Ashok', 'अशोक'], ['Dilip', 'दिलीप'], ['Mohan', 'मोहन'], ['Shrikant', 'श्रीकांत'],
  ['Narayan', 'नारायण'], ['Dattatray', 'दत्तात्रय'],
] as const;
const women = [
  ['Sunita', 'सुनीता'], ['Asha', 'आशा'], ['Vandana', 'वंदना'], ['Meena', 'मीना'], ['Lata', 'लता'], ['Kavita', 'कविता'],
] as const;
const surnames = [
  ['Patil', 'पाटील'], ['Kulkarni', 'कुलकर्णी'], ['Jadhav', 'जाधव'], ['Deshmukh', 'देशमुख'], ['Shinde', 'शिंदे'],
  ['Pawar', 'पवार'], ['Joshi', 'जोशी'], ['Gaikwad', 'गायकवाड'], ['More', 'मोरे'], ['Bhosale', 'भोसले'],
] as const;

/** A SAMPLE name, chosen deterministically from the pools above. */
function sampleName(seed: number, woman = false): Bilingual {
  const [fEn, fMr] = woman ? women[seed % women.length] : first[seed % first.length];
  const [sEn, sMr] = surnames[(seed * 7 + 3) % surnames.length];
  return woman ? { en: `Smt. ${fEn} ${sEn}`, mr: `श्रीमती ${fMr} ${sMr}` } : { en: `Shri ${fEn} ${sEn}`, mr: `श्री. ${fMr} ${sMr}` };
}

const roles = {
  president: i18nKey('President'),
  vicePresident: i18nKey('Vice President'),
  secretary: i18nKey('Secretary'),
  jointSecretary: i18nKey('Joint Secretary'),
  treasurer: i18nKey('Treasurer'),
  member: i18nKey('Member'),
  coordinator: i18nKey('Coordinator'),
  headPriest: i18nKey('Head Priest'),
  managingTrustee: i18nKey('Managing Trustee'),
  trustee: i18nKey('Trustee'),
  invitedMember: i18nKey('Invited Member'),
  legalAdvisor: i18nKey('Legal Advisor'),
};

function team(seed: number, list: string[], woman = false): Person[] {
  return list.map((role, i) => ({ role, name: sampleName(seed + i, woman) }));
}

const officeBearers = [roles.president, roles.vicePresident, roles.secretary, roles.treasurer, roles.member, roles.member];

export type SubBody = { id: string; description: Bilingual; people: Person[] };

export const subBodies: SubBody[] = [
  {
    id: 'YuvajanSangh',
    description: {
      en: 'The youth association organises sports tournaments, blood donation camps, cultural programmes and career guidance for young members of the community.',
      mr: 'युवजन संघ समाजातील तरुणांसाठी क्रीडा स्पर्धा, रक्तदान शिबिरे, सांस्कृतिक कार्यक्रम आणि करिअर मार्गदर्शन आयोजित करतो.',
    },
    people: team(1, [...officeBearers, roles.coordinator]),
  },
  {
    id: 'SeniorCitizen',
    description: {
      en: 'The senior citizens club holds monthly meetings, health check-up camps and pilgrimages, and keeps our elders in touch with one another.',
      mr: 'ज्येष्ठ नागरिक संघ मासिक सभा, आरोग्य तपासणी शिबिरे आणि तीर्थयात्रा आयोजित करतो आणि ज्येष्ठांना एकमेकांशी जोडून ठेवतो.',
    },
    people: team(3, officeBearers),
  },
  {
    id: 'CounsellingClub',
    description: {
      en: 'Experienced members of the senior counselling club offer guidance on family, legal and financial matters, free of charge and in confidence.',
      mr: 'ज्येष्ठ समुपदेशन मंडळातील अनुभवी सभासद कौटुंबिक, कायदेविषयक व आर्थिक बाबींवर विनामूल्य आणि गोपनीय मार्गदर्शन करतात.',
    },
    people: team(5, [roles.president, roles.secretary, roles.member, roles.member, roles.member]),
  },
  {
    id: 'VadhuVarMandal',
    description: {
      en: 'The matchmaking board helps families find suitable matches, keeps the matrimonial register and organises introduction meetings (melava).',
      mr: 'वधू-वर मंडळ कुटुंबांना अनुरूप स्थळे शोधण्यास मदत करते, विवाह नोंदवही ठेवते आणि वधू-वर परिचय मेळावे आयोजित करते.',
    },
    people: team(7, officeBearers),
  },
  {
    id: 'ShikshanSanstha',
    description: {
      en: 'The education society awards scholarships to students in need, honours meritorious students every year and runs a reading room.',
      mr: 'शिक्षण संस्था गरजू विद्यार्थ्यांना शिष्यवृत्ती देते, दरवर्षी गुणवंत विद्यार्थ्यांचा सत्कार करते आणि वाचनालय चालवते.',
    },
    people: team(9, [...officeBearers, roles.coordinator]),
  },
  {
    id: 'MahilaMandal',
    description: {
      en: "The women's association celebrates haldi-kunku, holds skills workshops and supports self-help groups of the community's women.",
      mr: 'महिला मंडळ हळदी-कुंकू समारंभ साजरे करते, कौशल्य कार्यशाळा घेते आणि समाजातील महिलांच्या बचत गटांना साहाय्य करते.',
    },
    people: team(0, officeBearers, true),
  },
  {
    id: 'PurohitSangh',
    description: {
      en: "The priests' association performs the rituals of the temple and guides families in religious ceremonies.",
      mr: 'पुरोहित संघ मंदिरातील पूजा-अर्चा करतो आणि धार्मिक विधींसाठी कुटुंबांना मार्गदर्शन करतो.',
    },
    people: team(11, [roles.headPriest, roles.secretary, roles.member, roles.member]),
  },
  {
    id: 'TempleCommittee',
    description: {
      en: 'The temple committee looks after the daily worship, the festivals and the upkeep of the temple, and the bookings of abhishek.',
      mr: 'मंदिर समिती मंदिरातील नित्य पूजा, उत्सव, देखभाल आणि अभिषेक आरक्षणांची व्यवस्था पाहते.',
    },
    people: team(13, officeBearers),
  },
];

export const aboutText: Bilingual[] = [
  {
    en: 'Founded in 1935, the Samiti brings our community together through worship, education and service. It runs the temple and eight sub-bodies, each looking after one part of community life.',
    mr: '१९३५ साली स्थापन झालेली समिती उपासना, शिक्षण आणि सेवेच्या माध्यमातून समाजाला एकत्र आणते. समिती मंदिर आणि आठ उपसंस्था चालवते; प्रत्येक संस्था समाजजीवनाच्या एका अंगाची काळजी घेते.',
  },
  {
    en: 'Members can register their families, book a room at the pilgrim lodge or an abhishek at the temple, and find matches through the matrimonial section — all online.',
    mr: 'सभासद आपल्या कुटुंबाची नोंदणी, भक्तनिवासातील खोलीचे किंवा मंदिरातील अभिषेकाचे आरक्षण आणि वधू-वर सूचक विभागातून अनुरूप स्थळांचा शोध — हे सर्व ऑनलाइन करू शकतात.',
  },
];

export type TeamSection = { title: string; people: Person[] };

const phone = (n: number) => `+91 98${String(20000000 + n * 1234567).slice(0, 8)}`;

export const managementTeam: TeamSection[] = [
  { title: i18nKey('Trustees'), people: team(20, [roles.managingTrustee, roles.trustee, roles.trustee, roles.trustee, roles.trustee]) },
  { title: i18nKey('Office Bearers'), people: team(25, [roles.president, roles.vicePresident, roles.secretary, roles.jointSecretary, roles.treasurer]) },
  { title: i18nKey('Invited Members'), people: team(30, [roles.invitedMember, roles.invitedMember, roles.invitedMember, roles.invitedMember]) },
  { title: i18nKey('Temple Committee Members'), people: team(13, officeBearers) },
  {
    title: i18nKey('Legal Advisors'),
    people: [0, 1].map((i) => ({ role: roles.legalAdvisor, name: sampleName(40 + i), phone: phone(i + 1) })),
  },
];

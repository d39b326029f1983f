/**
 * The privacy policy, in both languages (spec §1: last updated June 2025).
 * SAMPLE TEXT: the organisation should have it reviewed before publishing.
 */
import type { Bilingual } from '@/config/site';

export const privacySections: Array<{ heading: Bilingual; body: Bilingual }> = [
  {
    heading: { en: 'What we collect', mr: 'आम्ही कोणती माहिती घेतो' },
    body: {
      en: 'Only what you type into our forms: your name, e-mail address or mobile number, messages, family details, booking details and, for the matrimonial section, the profile you create.',
      mr: 'आपण आमच्या अर्जांमध्ये भरलेलीच माहिती: नाव, ईमेल पत्ता किंवा मोबाईल क्रमांक, संदेश, कुटुंबाचा तपशील, आरक्षणाचा तपशील आणि विवाह विभागासाठी आपण तयार केलेले प्रोफाइल.',
    },
  },
  {
    heading: { en: 'How we use it', mr: 'माहितीचा वापर' },
    body: {
      en: 'To answer your messages, confirm your bookings, keep the community register, send event updates you asked for, and show matrimonial profiles to registered members only.',
      mr: 'आपल्या संदेशांना उत्तर देण्यासाठी, आरक्षणांची पुष्टी करण्यासाठी, समाजाची नोंदवही ठेवण्यासाठी, आपण मागितलेली कार्यक्रमांची माहिती पाठवण्यासाठी आणि विवाह प्रोफाइल केवळ नोंदणीकृत सभासदांना दाखवण्यासाठी.',
    },
  },
  {
    heading: { en: 'Who can see it', mr: 'ही माहिती कोण पाहू शकते' },
    body: {
      en: 'Only the Samiti’s administrators. We do not sell or share your information. Contact details of matrimonial profiles are never shown to other members.',
      mr: 'फक्त समितीचे प्रशासक. आम्ही आपली माहिती विकत नाही किंवा इतरांना देत नाही. विवाह प्रोफाइलमधील संपर्क तपशील इतर सभासदांना कधीही दाखवला जात नाही.',
    },
  },
  {
    heading: { en: 'Keeping it safe', mr: 'माहितीची सुरक्षितता' },
    body: {
      en: 'Passwords are stored only in a protected, one-way form; photographs and biodata of matrimonial profiles are shared only through short-lived private links.',
      mr: 'पासवर्ड केवळ सुरक्षित, परत न उलगडणाऱ्या स्वरूपात साठवले जातात; विवाह प्रोफाइलचे फोटो व बायोडाटा केवळ अल्पकाळ चालणाऱ्या खासगी दुव्यांद्वारे दाखवले जातात.',
    },
  },
  {
    heading: { en: 'Your choices', mr: 'आपले पर्याय' },
    body: {
      en: 'You may ask us at any time to correct or delete your information, or to stop sending you event updates, through the contact page.',
      mr: 'आपली माहिती दुरुस्त करण्यासाठी किंवा हटवण्यासाठी, अथवा कार्यक्रमांची माहिती पाठवणे थांबवण्यासाठी आपण कधीही संपर्क पानावरून आम्हाला कळवू शकता.',
    },
  },
];

/**
 * The privacy policy, in both languages (docs/SPECIFICATION.md §1: last updated June 2025).
 * SAMPLE TEXT: the organisation should have it reviewed before publishing.
 */
import { MATRIMONIAL_TERMS_ID } from '@/config/privacyTerms';
import type { Bilingual } from '@/config/site';

export const privacySections: Array<{ id?: string; heading: Bilingual; body: Bilingual }> = [
  {
    heading: { en: 'What we collect', mr: 'आम्ही कोणती माहिती घेतो' },
    body: {
      en: 'Only what you type into our forms: your name, e-mail address or mobile number, messages, family details, booking details and, for the matrimonial section, the profile you create.',
      mr: 'आपण आमच्या अर्जांमध्ये भरलेलीच माहिती: नाव, ईमेल पत्ता किंवा मोबाईल क्रमांक, संदेश, कुटुंबाचा तपशील, आरक्षणाचा तपशील आणि वधू-वर सूचक विभागासाठी आपण तयार केलेले प्रोफाइल.',
    },
  },
  {
    heading: { en: 'How we use it', mr: 'माहितीचा वापर' },
    body: {
      en: 'To answer your messages, confirm your bookings, keep the community register, send event updates you asked for, and show matrimonial profiles to registered members only.',
      mr: 'आपल्या संदेशांना उत्तर देण्यासाठी, आपले आरक्षण निश्चित करण्यासाठी, समाजाची नोंदवही ठेवण्यासाठी, आपण मागितलेली कार्यक्रमांची माहिती पाठवण्यासाठी आणि वधू-वर सूचक विभागातील स्थळे केवळ त्या विभागात नोंदणी केलेल्या व्यक्तींना दाखवण्यासाठी.',
    },
  },
  {
    heading: { en: 'Who can see it', mr: 'ही माहिती कोण पाहू शकते' },
    body: {
      en: 'Only the Samiti’s administrators. We do not sell or share your information. Contact details of matrimonial profiles are never shown to other members.',
      mr: 'फक्त समितीचे प्रशासक. आम्ही आपली माहिती विकत नाही किंवा इतरांना देत नाही. वधू-वर सूचक विभागातील स्थळांचा संपर्क तपशील (ईमेल, मोबाईल क्रमांक) इतर वापरकर्त्यांना कधीही दाखवला जात नाही.',
    },
  },
  {
    heading: { en: 'Keeping it safe', mr: 'माहितीची सुरक्षितता' },
    body: {
      en: 'Passwords are stored only in a protected, one-way form; photographs and biodata of matrimonial profiles are shared only through short-lived private links.',
      mr: 'पासवर्ड केवळ सुरक्षित, परत न उलगडणाऱ्या स्वरूपात साठवले जातात; वधू-वर सूचक विभागातील फोटो व बायोडेटा केवळ काही मिनिटांत कालबाह्य होणाऱ्या खासगी दुव्यांद्वारे दाखवले जातात.',
    },
  },
  {
    heading: { en: 'Your choices', mr: 'आपले पर्याय' },
    body: {
      en: 'You may ask us at any time to correct or delete your information, or to stop sending you event updates, through the contact page.',
      mr: 'आपली माहिती दुरुस्त करण्यासाठी किंवा हटवण्यासाठी, अथवा कार्यक्रमांची माहिती पाठवणे थांबवण्यासाठी आपण कधीही संपर्क पानावरून आम्हाला कळवू शकता.',
    },
  },
  {
    id: MATRIMONIAL_TERMS_ID,
    heading: { en: 'Terms of use of the matrimonial section', mr: 'वधू-वर सूचक विभागाच्या वापराच्या अटी' },
    body: {
      en: 'The matrimonial section is a free service of the Samiti for the families of the community. Give true details of the bride or groom, who must be at least 18 years old; a profile appears among the matches only after an administrator has checked it. Use the details you see only to look for a match for your family: do not copy, publish or pass them on. The Samiti may take down any profile at any time. Please verify every detail yourself before going ahead with a proposal; the Samiti does not vouch for any profile.',
      mr: 'वधू-वर सूचक ही समितीची समाजातील कुटुंबांसाठी विनामूल्य सेवा आहे. वधू किंवा वराची खरी माहिती द्यावी; त्यांचे वय किमान १८ वर्षे असावे. प्रशासकांनी तपासल्यानंतरच स्थळ अनुरूप स्थळांमध्ये दिसते. येथे दिसणारी माहिती केवळ आपल्या कुटुंबासाठी स्थळ शोधण्यासाठीच वापरावी; ती कॉपी करू नये, प्रसिद्ध करू नये किंवा इतरांना देऊ नये. समिती कोणतेही स्थळ केव्हाही काढून टाकू शकते. पुढील बोलणी करण्यापूर्वी प्रत्येक माहितीची स्वतः खात्री करून घ्यावी; समिती कोणत्याही स्थळाची हमी देत नाही.',
    },
  },
];

import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { capitalise, i18nKey } from '@/lib/text';
import { usePageTitle } from '@/lib/usePageTitle';
import { pageTitle } from '@/config/pageTitles';
import { LinkCards } from '@/components/ui/LinkCards';

const services = [
  { to: paths.memberRegistration, title: i18nKey('Member Registration'), text: i18nKey('Register your family with the Samiti.') },
  { to: paths.alandiRoomBooking, title: i18nKey('Alandi Room Booking'), text: i18nKey('Book a room at the pilgrim lodge in Alandi.') },
  { to: paths.markandeyaAbhishek, title: i18nKey('Markandeya Abhishek'), text: i18nKey('Book an abhishek at the Markandeya temple.') },
  { to: paths.poshavvadeviAbhishek, title: i18nKey('Poshavvadevi Abhishek'), text: i18nKey('Book an abhishek for Poshavvadevi.') },
  { to: paths.shitaladeviAbhishek, title: i18nKey('Shitaladevi Abhishek'), text: i18nKey('Book an abhishek for Shitaladevi.') },
];

/** The online services, each with a short description; the forms are on their own pages. */
export default function OnlineServicesPage() {
  const { t } = useTranslation();
  const title = pageTitle(paths.onlineServices, t);
  usePageTitle(title);
  return (
    <div className="container page">
      <h1>{title}</h1>
      <LinkCards
        accent="side"
        items={services.map((service) => ({ to: service.to, title: capitalise(t(service.title)), text: t(service.text) }))}
      />
    </div>
  );
}

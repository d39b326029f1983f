import ComingSoonPage from '@/features/placeholder/ComingSoonPage';

export default function OnlineServicesPage() {
  return <ComingSoonPage title="TODO" />;
}

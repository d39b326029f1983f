import ComingSoonPage from '@/features/placeholder/ComingSoonPage';

export default function ManagementTeamPage() {
  return <ComingSoonPage title="TODO" />;
}

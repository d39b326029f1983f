import ComingSoonPage from '@/features/placeholder/ComingSoonPage';

export default function PrivacyPolicyPage() {
  return <ComingSoonPage title="TODO" />;
}

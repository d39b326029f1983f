import ComingSoonPage from '@/features/placeholder/ComingSoonPage';

export default function AboutPage() {
  return <ComingSoonPage title="TODO" />;
}

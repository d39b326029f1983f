import ComingSoonPage from '@/features/placeholder/ComingSoonPage';

export default function ContactPage() {
  return <ComingSoonPage title="TODO" />;
}

import ComingSoonPage from '@/features/placeholder/ComingSoonPage';

export default function SubBodyPage({ id }: { id: string }) {
  return <ComingSoonPage title={id} />;
}

import { useParams } from 'react-router-dom';
import { UserPage } from '@/features/admin/components/user-page';

export function Component() {
  const { userId = '' } = useParams();
  return <UserPage key={userId} id={userId} />;
}

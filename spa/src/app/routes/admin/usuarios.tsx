import { UserSearch } from '@/features/admin/components/user-search';

export function Component() {
  return <UserSearch />;
}

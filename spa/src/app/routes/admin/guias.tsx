import { GuideAdmin } from '@/features/admin-catalog/components/guide-admin';

export function Component() {
  return <GuideAdmin />;
}

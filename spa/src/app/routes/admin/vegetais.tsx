import { VegetaisAdmin } from '@/features/admin-catalog/components/vegetais-admin';

export function Component() {
  return <VegetaisAdmin />;
}

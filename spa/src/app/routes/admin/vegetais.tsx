import { VegetableAdmin } from '@/features/admin-catalog/components/vegetable-admin';

export function Component() {
  return <VegetableAdmin />;
}

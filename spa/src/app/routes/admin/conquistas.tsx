import { ConquistasAdmin } from '@/features/admin/components/conquistas-admin';

export function Component() {
  return <ConquistasAdmin />;
}

import { RulesForm } from '@/features/admin/components/rules-form';

export function Component() {
  return <RulesForm />;
}

import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { SproutIcon } from '@/components/ui/icons';

export function Component() {
  return (
    <>
      <PageHeader title="Cultivos" />
      <EmptyState icon={<SproutIcon />} title="Nenhum cultivo por aqui ainda">
        <p>Quando você plantar algo em um dos seus grupos, seus cultivos e os que você ajuda a cuidar aparecem aqui.</p>
      </EmptyState>
    </>
  );
}

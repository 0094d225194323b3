import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { SproutIcon } from '@/components/ui/icons';

export function Component() {
  return (
    <>
      <PageHeader title="Vegetais" />
      <EmptyState icon={<SproutIcon />} title="Em breve">
        <p>A edição do catálogo de vegetais (calendário de plantio, ciclo e cuidados) chega aqui em breve.</p>
      </EmptyState>
    </>
  );
}

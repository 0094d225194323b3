import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { ChartIcon } from '@/components/ui/icons';

export function Component() {
  return (
    <>
      <PageHeader title="Dados" />
      <EmptyState icon={<ChartIcon />} title="Em breve">
        <p>Exportação, importação e contagens dos dados chegam aqui em breve.</p>
      </EmptyState>
    </>
  );
}

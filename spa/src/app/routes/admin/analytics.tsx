import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { ChartIcon } from '@/components/ui/icons';

export function Component() {
  return (
    <>
      <PageHeader title="Analytics" />
      <EmptyState icon={<ChartIcon />} title="Em breve">
        <p>Os gráficos de uso ao longo do tempo chegam aqui em breve.</p>
      </EmptyState>
    </>
  );
}

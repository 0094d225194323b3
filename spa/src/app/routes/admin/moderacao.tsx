import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { ShieldIcon } from '@/components/ui/icons';

export function Component() {
  return (
    <>
      <PageHeader title="Moderação" />
      <EmptyState icon={<ShieldIcon />} title="Em breve">
        <p>A fila de publicações denunciadas chega aqui em breve.</p>
      </EmptyState>
    </>
  );
}

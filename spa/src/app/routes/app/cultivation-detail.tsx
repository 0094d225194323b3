import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { SproutIcon } from '@/components/ui/icons';

export function Component() {
  return (
    <>
      <PageHeader title="Cultivo" />
      <EmptyState icon={<SproutIcon />} title="Detalhes do cultivo em breve">
        <p>Linha do tempo, diário, fotos, fase e colheitas do cultivo aparecem aqui em breve.</p>
      </EmptyState>
    </>
  );
}

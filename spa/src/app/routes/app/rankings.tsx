import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { TrophyIcon } from '@/components/ui/icons';

export function Component() {
  return (
    <>
      <PageHeader title="Rankings" />
      <EmptyState icon={<TrophyIcon />} title="Nenhum ranking para mostrar ainda">
        <p>Os rankings aparecem quando a comunidade começar a somar pontos com cultivos, colheitas e publicações.</p>
      </EmptyState>
    </>
  );
}

import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { UsersIcon } from '@/components/ui/icons';

export function Component() {
  return (
    <>
      <PageHeader title="Usuários" />
      <EmptyState icon={<UsersIcon />} title="Em breve">
        <p>Busca de usuários, papel de admin, bloqueio e ajuste de pontos chegam aqui em breve.</p>
      </EmptyState>
    </>
  );
}

import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { SettingsIcon } from '@/components/ui/icons';

export function Component() {
  return (
    <>
      <PageHeader title="Configurações" />
      <EmptyState icon={<SettingsIcon />} title="Nada para configurar ainda">
        <p>Aqui você vai ajustar notificações, privacidade nos rankings, senha e seus dados.</p>
      </EmptyState>
    </>
  );
}

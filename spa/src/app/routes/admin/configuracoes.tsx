import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { SettingsIcon } from '@/components/ui/icons';

export function Component() {
  return (
    <>
      <PageHeader title="Configurações" />
      <EmptyState icon={<SettingsIcon />} title="Em breve">
        <p>As regras de pontos, limites de grupos e níveis poderão ser editadas aqui em breve.</p>
      </EmptyState>
    </>
  );
}

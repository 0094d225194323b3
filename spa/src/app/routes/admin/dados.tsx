import { PageHeader } from '@/components/ui/page-header';
import { EntityCounts } from '@/features/admin-stats/components/entity-counts';
import { DataExports } from '@/features/admin-data/components/data-exports';
import { VegetalImport } from '@/features/admin-data/components/vegetal-import';

export function Component() {
  return (
    <>
      <PageHeader title="Dados" />
      <EntityCounts />
      <DataExports />
      <VegetalImport />
    </>
  );
}

import { PageHeader } from '@/components/ui/page-header';
import { DataExports } from '@/features/admin-data/components/data-exports';
import { VegetableImport } from '@/features/admin-data/components/vegetable-import';

export function Component() {
  return (
    <>
      <PageHeader title="Dados" />
      {/* The entity counts (features/admin-stats' EntityCounts) go here at merge. */}
      <DataExports />
      <VegetableImport />
    </>
  );
}

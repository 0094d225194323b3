import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { FeedIcon } from '@/components/ui/icons';

export function Component() {
  return (
    <>
      <PageHeader title="Feed" />
      <EmptyState icon={<FeedIcon />} title="Nenhuma publicação ainda">
        <p>As publicações da comunidade e dos seus grupos aparecem aqui.</p>
      </EmptyState>
    </>
  );
}

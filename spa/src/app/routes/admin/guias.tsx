import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { FeedIcon } from '@/components/ui/icons';

export function Component() {
  return (
    <>
      <PageHeader title="Guias" />
      <EmptyState icon={<FeedIcon />} title="Em breve">
        <p>A edição dos guias de cultivo ligados aos vegetais chega aqui em breve.</p>
      </EmptyState>
    </>
  );
}

import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { FeedIcon } from '@/components/ui/icons';

export function Component() {
  return (
    <>
      <PageHeader title="Banners" />
      <EmptyState icon={<FeedIcon />} title="Em breve">
        <p>A gestão dos banners exibidos no dashboard chega aqui em breve.</p>
      </EmptyState>
    </>
  );
}

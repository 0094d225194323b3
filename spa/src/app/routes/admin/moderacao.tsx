import { PageHeader } from '@/components/ui/page-header';
import { ModerationQueue } from '@/features/feed/components/moderation-queue';

export function Component() {
  return (
    <>
      <PageHeader title="Moderação" subtitle="Denúncias pendentes, da mais recente para a mais antiga" />
      <ModerationQueue />
    </>
  );
}

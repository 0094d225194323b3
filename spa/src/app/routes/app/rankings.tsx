import { PageHeader } from '@/components/ui/page-header';
import { RankingsPage } from '@/features/rankings/components/rankings-page';
import { RankingPrivacySection } from '@/features/rankings/components/ranking-privacy-section';

export function Component() {
  return (
    <>
      <PageHeader title="Rankings" />
      <RankingsPage />
      {/* The same choice as on /configuracoes, under the rankings it governs. */}
      <RankingPrivacySection />
    </>
  );
}

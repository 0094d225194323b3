import { PageHeader } from '@/components/ui/page-header';
import { RankingsPage } from '@/features/rankings/components/rankings-page';
import { RankingPrivacySection } from '@/features/rankings/components/ranking-privacy-section';

export function Component() {
  return (
    <>
      <PageHeader title="Rankings" />
      <RankingsPage />
      {/* Until /configuracoes takes it, the privacy choice sits under the rankings it governs. */}
      <RankingPrivacySection />
    </>
  );
}

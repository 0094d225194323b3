import { PageHeader } from '@/components/ui/page-header';
import { AnalyticsView } from '@/features/admin-stats/components/analytics-view';

// Lazy route: uPlot (the chart) loads only here.
export function Component() {
  return (
    <>
      <PageHeader title="Analytics" subtitle="Atividade do Verde ao longo do tempo, por região." />
      <AnalyticsView />
    </>
  );
}

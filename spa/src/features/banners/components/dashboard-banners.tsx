import { useActiveBanners } from '@/features/banners/api/banners';
import { BannerCard } from '@/features/banners/components/banner-card';

/** The active banners on /dashboard (their own lazily loaded chunk); nothing while loading, empty or failed. */
export default function DashboardBanners() {
  const banners = useActiveBanners();
  const items = banners.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="banner-list" aria-label="Avisos do Verde">
      {items.map((b) => (
        <BannerCard key={b.id} banner={b} />
      ))}
    </section>
  );
}

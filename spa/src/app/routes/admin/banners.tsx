import { BannerAdmin } from '@/features/banners/components/banner-admin';

export function Component() {
  return <BannerAdmin />;
}

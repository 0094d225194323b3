import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { enc } from '@/lib/api-path';
import { invalidate, useCreateAt, useWrite } from '@/lib/mutations';
import { queryKeys } from '@/lib/query-keys';
import { activeBannersQuery } from '@/features/banners/api/queries';
import type { Banner, BannerEdit, BannerInput, BannerPage } from '@/types/api';

// Banners: GET /api/banners (the caller's active ones, at most 50: one page) and the admins'
// /api/admin/banners (every banner; create, edit over a version, delete; audited).

export function useActiveBanners() {
  return useQuery(activeBannersQuery);
}

export function useAdminBanners() {
  return useQuery({ queryKey: queryKeys.banners.admin, queryFn: () => api.get<BannerPage>('/admin/banners') });
}

const refresh = invalidate(queryKeys.banners.all);

export function useCreateBanner() {
  return useCreateAt<BannerInput, Banner>('/admin/banners', refresh);
}

export function useEditBanner(id: string) {
  return useWrite(
    (body: BannerEdit) => api.put<Banner>(`/admin/banners/${enc(id)}`, body),
    (client, saved, body) => {
      // The banner as it now is (its new version) in the list at once: editing it again before
      // the refetch lands sends that version, not the old one and its 409.
      client.setQueryData<BannerPage>(queryKeys.banners.admin, (page) => page && { ...page, items: page.items.map((b) => (b.id === saved.id ? saved : b)) });
      refresh(client, saved, body);
    },
  );
}

export function useDeleteBanner() {
  return useWrite((id: string) => api.delete<void>(`/admin/banners/${enc(id)}`), refresh);
}

import { queryKeys } from '@/lib/query-keys';
import { catalogApi } from '@/features/admin-catalog/api/catalog-api';
import type { Guia, GuiaEdit, GuiaInput, GuiaPage } from '@/types/api';

// The site admins' guides (/api/admin/guias): archived ones included; every write is audited by
// the API. A write refreshes the members' guides too (shown on each cultivo of their vegetables).

const guides = catalogApi<Guia, GuiaInput, GuiaEdit>('/admin/guias', { lists: queryKeys.adminCatalog.allGuides, list: queryKeys.adminCatalog.guides, limit: 50 });

export const { useList: useAdminGuides, useCreate: useCreateGuide, useEdit: useEditGuide, useArchive: useArchiveGuide } = guides;
export const getAdminGuides: (q: string, cursor: string | null) => Promise<GuiaPage> = guides.getPage;

import { queryKeys } from '@/lib/query-keys';
import { catalogApi } from '@/features/admin-catalog/api/catalog-api';
import type { VegetalAdmin, VegetalAdminPage, VegetalEdit, VegetalInput } from '@/types/api';

// The site admins' vegetable catalogue (/api/admin/vegetables): archived vegetables included;
// every write is audited by the API. A write refreshes the members' catalogue too.

const vegetais = catalogApi<VegetalAdmin, VegetalInput, VegetalEdit>('/admin/vegetables', { lists: queryKeys.adminCatalog.allVegetais, list: queryKeys.adminCatalog.vegetais, limit: 100 });

export const { useList: useAdminVegetais, useCreate: useCreateVegetal, useEdit: useEditVegetal, useArchive: useArchiveVegetal } = vegetais;
export const getAdminVegetais: (q: string, cursor: string | null) => Promise<VegetalAdminPage> = vegetais.getPage;

import { queryKeys } from '@/lib/query-keys';
import { catalogApi } from '@/features/admin-catalog/api/catalog-api';
import type { VegetalAdmin, VegetalAdminPage, VegetalEdit, VegetalInput } from '@/types/api';

// The site admins' vegetable catalogue (/api/admin/vegetables): archived vegetables included;
// every write is audited by the API. A write refreshes the members' catalogue too.

const vegetables = catalogApi<VegetalAdmin, VegetalInput, VegetalEdit>('/admin/vegetables', { lists: queryKeys.adminCatalog.allVegetables, list: queryKeys.adminCatalog.vegetables, limit: 100 });

export const { useList: useAdminVegetables, useCreate: useCreateVegetable, useEdit: useEditVegetable, useArchive: useArchiveVegetable } = vegetables;
export const getAdminVegetables: (q: string, cursor: string | null) => Promise<VegetalAdminPage> = vegetables.getPage;

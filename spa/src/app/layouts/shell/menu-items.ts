import type { ComponentType } from 'react';
import { BookIcon, CompassIcon, FeedIcon, HomeIcon, LeafIcon, ShieldIcon, SproutIcon, TrophyIcon, UsersIcon } from '@/components/ui/icons';

export interface MenuItem {
  label: string;
  path: string;
  icon: ComponentType;
  adminOnly?: boolean;
  badge?: string;
}

/** The side menu, in this order; Criar Grupo sits apart at the bottom. */
export const menuItems: MenuItem[] = [
  { label: 'Dashboard', path: '/dashboard', icon: HomeIcon },
  { label: 'Meus Grupos', path: '/grupos', icon: UsersIcon },
  { label: 'Explorar Grupos', path: '/grupos/diretorio', icon: CompassIcon },
  { label: 'Cultivos', path: '/cultivos', icon: SproutIcon },
  { label: 'Rankings', path: '/rankings', icon: TrophyIcon },
  { label: 'Feed', path: '/feed', icon: FeedIcon },
  { label: 'Hortaliças', path: '/hortalicas', icon: LeafIcon },
  { label: 'Guias', path: '/guias', icon: BookIcon },
  { label: 'Painel Admin', path: '/admin', icon: ShieldIcon, adminOnly: true, badge: 'Dev' },
];

export const createGroupItem = { label: 'Criar Grupo', path: '/grupos/novo' };

/** The current item is the one whose path equals the current path (a trailing slash aside). */
export function isCurrentPath(itemPath: string, pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return normalized === itemPath;
}

import type { Member, Papel } from '@/types/api';

// The group rules of shared/domain/group_access.go (domain.Access), as the client needs them to
// decide what to show. The server decides again on every request: this copy only keeps the
// screens from offering what would be refused. Keep the two in step.

export interface GroupAccess {
  /** Any role in the group. */
  isMember: boolean;
  /** A dono or a coordenador. */
  isManager: boolean;
  /** The dono. */
  isOwner: boolean;
  /** Members list and lotes grid: members and site admins (CanReadInside). */
  canReadInside: boolean;
  /** Join requests, invites, lote requests: coordinators and site admins (CanReadManagement). */
  canReadManagement: boolean;
  /** Answer join requests, make and revoke invites (CanManage): coordinators only. */
  canManage: boolean;
  /** Create, edit, assign and free lotes, answer lote requests (CanManage): coordinators only. */
  canManageLotes: boolean;
  /** Ask for a free lote (CanParticipate): members. */
  canRequestLotes: boolean;
  /** The group's settings (CanEdit): coordinators and site admins. */
  canEdit: boolean;
  /** Delete the group (CanDelete): the dono and site admins. */
  canDelete: boolean;
  /** Promote, demote, transfer the group (CanOwn): the dono. */
  canOwn: boolean;
}

/** What the caller, with role `papel` in a group (null: not a member), may do there. */
export function groupAccess(papel: Papel | null | undefined, isAdmin: boolean): GroupAccess {
  const isMember = !!papel;
  const isOwner = papel === 'dono';
  const isManager = isOwner || papel === 'coordenador';
  return {
    isMember,
    isManager,
    isOwner,
    canReadInside: isMember || isAdmin,
    canReadManagement: isManager || isAdmin,
    canManage: isManager,
    canManageLotes: isManager,
    canRequestLotes: isMember,
    canEdit: isManager || isAdmin,
    canDelete: isOwner || isAdmin,
    canOwn: isOwner,
  };
}

/**
 * What the caller may do to one member (CanSetPapel, CanTransfer, CanRemove from the caller's
 * side): nothing to themselves here (leaving is on the overview) nor to the dono.
 */
export function memberActions(access: GroupAccess, isAdmin: boolean, self: string, target: Member) {
  const none = { promote: false, demote: false, transfer: false, remove: false };
  if (target.userId === self || target.papel === 'dono') return none;
  return {
    promote: access.canOwn && target.papel === 'membro',
    demote: access.canOwn && target.papel === 'coordenador',
    transfer: access.canOwn,
    remove: access.isOwner || isAdmin || (access.isManager && target.papel === 'membro'),
  };
}

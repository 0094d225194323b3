import { groupAccess, memberActions } from '@/features/groups/access';
import { member } from '@/testing/group-fixtures';

// The same matrix as shared/domain/group_access.go: who may do what in a group.
describe('groupAccess', () => {
  it.each([
    // papel, site admin, readInside, readManagement, manage, edit, delete, own, requestLotes
    [null, false, false, false, false, false, false, false, false],
    ['membro', false, true, false, false, false, false, false, true],
    ['coordenador', false, true, true, true, true, false, false, true],
    ['dono', false, true, true, true, true, true, true, true],
    [null, true, true, true, false, true, true, false, false],
    ['membro', true, true, true, false, true, true, false, true],
  ] as const)('%s (admin %s)', (papel, admin, readInside, readManagement, manage, edit, del, own, requestLotes) => {
    const a = groupAccess(papel, admin);
    expect({
      readInside: a.canReadInside,
      readManagement: a.canReadManagement,
      manage: a.canManage,
      manageLotes: a.canManageLotes,
      edit: a.canEdit,
      delete: a.canDelete,
      own: a.canOwn,
      requestLotes: a.canRequestLotes,
    }).toEqual({ readInside, readManagement, manage, manageLotes: manage, edit, delete: del, own, requestLotes });
  });
});

describe('memberActions', () => {
  const membro = member({ userId: 'm', papel: 'membro' });
  const coord = member({ userId: 'c', papel: 'coordenador' });
  const dono = member({ userId: 'd', papel: 'dono' });

  it('lets the dono promote, demote, transfer and remove anyone but themselves', () => {
    const owner = groupAccess('dono', false);
    expect(memberActions(owner, false, 'd', membro)).toEqual({ promote: true, demote: false, transfer: true, remove: true });
    expect(memberActions(owner, false, 'd', coord)).toEqual({ promote: false, demote: true, transfer: true, remove: true });
    expect(memberActions(owner, false, 'd', dono)).toEqual({ promote: false, demote: false, transfer: false, remove: false });
  });

  it('lets a coordenador remove membros only', () => {
    const c = groupAccess('coordenador', false);
    expect(memberActions(c, false, 'c', membro)).toEqual({ promote: false, demote: false, transfer: false, remove: true });
    expect(memberActions(c, false, 'c', member({ userId: 'c2', papel: 'coordenador' })).remove).toBe(false);
  });

  it('lets a site admin remove anyone but the dono, and a membro nobody', () => {
    const admin = groupAccess(null, true);
    expect(memberActions(admin, true, 'x', coord).remove).toBe(true);
    expect(memberActions(admin, true, 'x', dono).remove).toBe(false);
    expect(memberActions(groupAccess('membro', false), false, 'm', member({ userId: 'm2' }))).toEqual({
      promote: false,
      demote: false,
      transfer: false,
      remove: false,
    });
  });
});

import type { components } from '@/types/api.gen';

// The API's JSON shapes, named for the SPA. Every one is an alias of a schema of
// shared/api/openapi.yaml, generated into api.gen.ts by `npm run gen:api` (`npm run check:api`
// fails when that file is behind the document): change the document, never a copy here.

type Schemas = components['schemas'];

/**
 * The one list shape of the API: a page of items and the cursor of the next one. The document
 * names a schema per list (MemberPage …); each of those below must fit this shape.
 */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

// Me and notifications
export type Profile = Schemas['Profile'];
export type ProfileUpdate = Schemas['ProfileUpdate'];
export type UnreadCount = Schemas['UnreadCount'];

// Groups
export type UF = Schemas['UF'];
export type Papel = Schemas['Papel'];
export type Visibilidade = Schemas['GroupSummary']['visibilidade'];
export type Entrada = Schemas['GroupSummary']['entrada'];
/** What anyone who may see a group sees of it (directory, public page, invite page): no person's data. */
export type GroupSummary = Schemas['GroupSummary'];
/** GET /api/groups/{groupId}: the group and the caller's place in it. */
export type GroupDetail = Schemas['GroupDetail'];
export type PublicGroup = Schemas['PublicGroup'];
export type MyGroup = Schemas['MyGroup'];
export type MyGroupPage = Schemas['MyGroupPage'];
export type GroupSummaryPage = Schemas['GroupSummaryPage'];
export type GroupInput = Schemas['GroupInput'];
/** PATCH body: the fields that changed and the version the editor read (409 if it moved on). */
export type GroupUpdate = Schemas['GroupUpdate'];
/** The answer to a join, a request to a group that takes approval, or an invite accepted. */
export type JoinReply = Schemas['JoinReply'];

// Members and join requests
export type Member = Schemas['Member'];
export type MemberPage = Schemas['MemberPage'];
export type JoinRequest = Schemas['JoinRequest'];
export type JoinRequestPage = Schemas['JoinRequestPage'];
/** The roles a member can be given; the dono changes only by transfer. */
export type AssignablePapel = Schemas['RoleInput']['papel'];

// Invites
export type InviteStatus = Schemas['InviteStatus'];
/** An invite as coordinators see it, with the SPA path to share. */
export type Invite = Schemas['Invite'];
/** GET /api/invites/{token}: the invite landing page (jaMembro is null when signed out). */
export type PublicInvite = Schemas['PublicInvite'];
export type InvitePage = Schemas['InvitePage'];
export type InviteInput = Schemas['InviteInput'];

// Lotes
export type LoteStatus = Schemas['Lote']['status'];
export type LoteCounts = Schemas['LoteCounts'];
export type Lote = Schemas['Lote'];
export type LotePage = Schemas['LotePage'];
export type LoteRequest = Schemas['LoteRequest'];
export type LoteRequestPage = Schemas['LoteRequestPage'];
export type LoteBulkInput = Schemas['LoteBulkInput'];
export type LoteUpdate = Schemas['LoteUpdate'];

// Catalogue and cultivos
export type Vegetal = Schemas['Vegetal'];
export type VegetalPage = Schemas['VegetalPage'];
export type VegetalAdmin = Schemas['VegetalAdmin'];
export type Guia = Schemas['Guia'];
export type GuiaPage = Schemas['GuiaPage'];
export type VegetalAdminPage = Schemas['VegetalAdminPage'];
export type VegetalInput = Schemas['VegetalInput'];
export type VegetalEdit = Schemas['VegetalEdit'];
export type PlanteAgora = Schemas['PlanteAgora'];
export type Fase = Schemas['Fase'];
export type Cultivo = Schemas['Cultivo'];
export type CultivoPage = Schemas['CultivoPage'];
export type CultivoInput = Schemas['CultivoInput'];
export type CultivoCriado = Schemas['CultivoCriado'];
export type FaseInput = Schemas['FaseInput'];
export type DiarioEntry = Schemas['DiarioEntry'];
export type DiarioPage = Schemas['DiarioPage'];
export type DiarioInput = Schemas['DiarioInput'];
export type DiarioCriado = Schemas['DiarioCriado'];
export type Colheita = Schemas['Colheita'];
export type ColheitaPage = Schemas['ColheitaPage'];
export type ColheitaInput = Schemas['ColheitaInput'];
export type ColheitaCriada = Schemas['ColheitaCriada'];

// Uploads
export type UploadInput = Schemas['UploadInput'];
export type Upload = Schemas['Upload'];
export type UploadPurpose = UploadInput['purpose'];

// Feed
export type Post = Schemas['Post'];
export type PostPage = Schemas['PostPage'];
export type PostInput = Schemas['PostInput'];
export type PostCriado = Schemas['PostCriado'];
export type Curtida = Schemas['Curtida'];
export type Comentario = Schemas['Comentario'];
export type ComentarioPage = Schemas['ComentarioPage'];
export type ComentarioCriado = Schemas['ComentarioCriado'];
export type DenunciaInput = Schemas['DenunciaInput'];
export type DenunciaRegistrada = Schemas['DenunciaRegistrada'];
export type ItemModeracao = Schemas['ItemModeracao'];
export type ItemModeracaoPage = Schemas['ItemModeracaoPage'];

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
/** GET /api/dashboard: each card's reply, or that route's error envelope. */
export type Dashboard = Schemas['Dashboard'];
export type ErrorEnvelope = Schemas['Error'];

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
export type Citacao = Schemas['Citacao'];
export type HortalicaResumo = Schemas['HortalicaResumo'];
export type Hortalicas = Schemas['Hortalicas'];
export type Hortalica = Schemas['Hortalica'];
export type GuiaPage = Schemas['GuiaPage'];
export type GuiaInput = Schemas['GuiaInput'];
export type GuiaEdit = Schemas['GuiaEdit'];
export type VegetalAdminPage = Schemas['VegetalAdminPage'];
export type VegetalInput = Schemas['VegetalInput'];
export type VegetalEdit = Schemas['VegetalEdit'];
export type PlanteAgora = Schemas['PlanteAgora'];
export type Fase = Schemas['Fase'];
export type Cultivo = Schemas['Cultivo'];
export type CultivoPage = Schemas['CultivoPage'];
export type CultivoInput = Schemas['CultivoInput'];
export type CultivoEdit = Schemas['CultivoEdit'];
export type CultivoCriado = Schemas['CultivoCriado'];
export type FaseInput = Schemas['FaseInput'];
export type DiarioEntry = Schemas['DiarioEntry'];
export type DiarioPage = Schemas['DiarioPage'];
export type DiarioInput = Schemas['DiarioInput'];
export type DiarioCriado = Schemas['DiarioCriado'];
export type Colheita = Schemas['Colheita'];
export type ColheitaPage = Schemas['ColheitaPage'];
export type ColheitaInput = Schemas['ColheitaInput'];
/** PUT body of a harvest's correction (its author, within its window). */
export type ColheitaEdit = Schemas['ColheitaEdit'];
export type ColheitaCriada = Schemas['ColheitaCriada'];

// Uploads
export type UploadInput = Schemas['UploadInput'];
export type Upload = Schemas['Upload'];
export type UploadPurpose = UploadInput['purpose'];

// Notifications and progress
export type Notification = Schemas['Notification'];
export type NotificationPage = Schemas['NotificationPage'];
export type MarkedAll = Schemas['MarkedAll'];
export type MemberProgress = Schemas['MemberProgress'];
export type ConquistaStatus = MemberProgress['conquistas'][number];

// Rankings
export type RankingPeriodo = Schemas['MembersRanking']['periodo'];
export type RankingStanding = Schemas['RankingStanding'];
export type RankingMember = Schemas['RankingMember'];
export type MembersRanking = Schemas['MembersRanking'];
/** GET /api/rankings/liga: my monthly league, its zones and how my last one ended. */
export type Liga = Schemas['Liga'];
export type LinhaLiga = Schemas['LinhaLiga'];
export type RankingGroup = Schemas['RankingGroup'];
export type GroupsRanking = Schemas['GroupsRanking'];
// Site admin: rules and members (/admin/configuracoes, /admin/usuarios)
export type Regras = Schemas['Regras'];
export type RegrasEdit = Schemas['RegrasEdit'];
export type CampoRegra = Schemas['CampoRegra'];
export type ConquistasRegras = Schemas['ConquistasRegras'];
export type ConquistaAdmin = Schemas['ConquistaAdmin'];
export type ConquistasAdmin = Schemas['ConquistasAdmin'];
export type UsuarioResumo = Schemas['UsuarioResumo'];
export type UsuarioResumoPage = Schemas['UsuarioResumoPage'];
export type UsuarioAdmin = Schemas['UsuarioAdmin'];
export type LancamentoPontos = Schemas['LancamentoPontos'];
export type LancamentoPontosPage = Schemas['LancamentoPontosPage'];
export type AjustePontos = Schemas['AjustePontos'];
export type AjusteFeito = Schemas['AjusteFeito'];

// Banners (/admin/banners; the member's dashboard shows the active ones)
export type Banner = Schemas['Banner'];
export type BannerPage = Schemas['BannerPage'];
export type BannerInput = Schemas['BannerInput'];
export type BannerEdit = Schemas['BannerEdit'];
export type EntradaAuditoria = Schemas['EntradaAuditoria'];
export type EntradaAuditoriaPage = Schemas['EntradaAuditoriaPage'];
// Account (/configuracoes)
export type Conta = Schemas['Conta'];
export type DataExportChunk = Schemas['DataExportChunk'];
export type ExclusaoInput = Schemas['ExclusaoInput'];
export type AccountDeletion = Schemas['AccountDeletion'];
export type NotificationPreferences = Schemas['NotificationPreferences'];
export type NotificationPreferencesInput = Schemas['NotificationPreferencesInput'];
// Feed
export type Post = Schemas['Post'];
export type PostPage = Schemas['PostPage'];
export type PostInput = Schemas['PostInput'];
export type PostEdit = Schemas['PostEdit'];
export type PostCriado = Schemas['PostCriado'];
export type Curtida = Schemas['Curtida'];
export type Comentario = Schemas['Comentario'];
export type ComentarioPage = Schemas['ComentarioPage'];
export type ComentarioCriado = Schemas['ComentarioCriado'];
export type DenunciaInput = Schemas['DenunciaInput'];
export type DenunciaRegistrada = Schemas['DenunciaRegistrada'];
export type ItemModeracao = Schemas['ItemModeracao'];
export type ItemModeracaoPage = Schemas['ItemModeracaoPage'];
// Admin data (/admin/dados)
export type Exportacao = Schemas['Exportacao'];
export type ExportacaoPage = Schemas['ExportacaoPage'];
export type ExportacaoInput = Schemas['ExportacaoInput'];
export type DownloadExportacao = Schemas['DownloadExportacao'];
// E-mail choices (/configuracoes) and the e-mails' unsubscribe link (/emails/descadastro)
export type EmailChoices = Schemas['EmailChoices'];
export type EmailChoicesInput = Schemas['EmailChoicesInput'];
export type Unsubscribe = Schemas['Unsubscribe'];
export type ImportacaoVegetais = Schemas['ImportacaoVegetais'];

// Admin statistics (/admin KPIs, /admin/analytics, /admin/dados' counts)
export type Indicador = Schemas['Indicador'];
export type Indicadores = Schemas['Indicadores'];
export type PontoAnalise = Schemas['PontoAnalise'];
export type Analise = Schemas['Analise'];
export type TotaisEntidades = Schemas['TotaisEntidades'];
export type AcaoAuditoria = Schemas['AcaoAuditoria'];

// Mutirões, escalas, partilha, report, impact and calendar feeds (MutiroesFunction)
export type Tarefa = Schemas['Tarefa'];
export type Mutirao = Schemas['Mutirao'];
export type MutiraoPage = Schemas['MutiraoPage'];
export type MutiraoDetail = Schemas['MutiraoDetail'];
export type MutiraoInput = Schemas['MutiraoInput'];
export type Inscricao = Schemas['Inscricao'];
export type InscricaoReply = Schemas['InscricaoReply'];
export type PresencaInput = Schemas['PresencaInput'];
export type Relatorio = Schemas['Relatorio'];
export type Impacto = Schemas['Impacto'];
export type CalendarioFeed = Schemas['CalendarioFeed'];
export type Escala = Schemas['Escala'];
export type EscalaPage = Schemas['EscalaPage'];
export type EscalaDetail = Schemas['EscalaDetail'];
export type EscalaInput = Schemas['EscalaInput'];
export type Troca = Schemas['Troca'];
export type Feito = Schemas['Feito'];
export type Agenda = Schemas['Agenda'];
export type AgendaItem = Schemas['AgendaItem'];
export type Partilha = Schemas['Partilha'];
export type PartilhaPage = Schemas['PartilhaPage'];
export type PartilhaDetail = Schemas['PartilhaDetail'];
export type PartilhaInput = Schemas['PartilhaInput'];
export type Reserva = Schemas['Reserva'];

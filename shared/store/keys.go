package store

import (
	"strings"
	"time"

	"github.com/verde-app/verde/shared/domain"
)

// Items of the one table and their keys. Key builders are here or in the file
// named beside an item, which says more about it. Items not listed describe
// their keys in their own file (feed.go, liga.go, banners.go, stats.go,
// admin.go, ledger.go, …); docs/architecture.md gives the whole table.
//
//	item                         PK                 SK                       GSI1PK / GSI1SK                    GSI2PK / GSI2SK
//	user profile                 USER#<uid>         PROFILE
//	notification                 USER#<uid>         NOTIF#<time>#<id>
//	unread counter               USER#<uid>         NOTIFSTATE
//	points ledger (one per act)  USER#<uid>         AWARD#<motivo>#<ref>
//	a member's day (daily caps)  USER#<uid>         DAY#<yyyy-mm-dd>         (TTL expiraEm, daily.go)
//	group                        GROUP#<gid>        META                     DIR#PUBLIC / <name>#<gid>          DIR#UF#<UF> / <city>#<name>#<gid>
//	membership                   GROUP#<gid>        MEMBER#<uid>             USER#<uid> / GROUP#<gid>
//	join request                 GROUP#<gid>        REQUEST#<uid>            REQOF#<uid> / GROUP#<gid>  (account.go)
//	lote                         GROUP#<gid>        LOTE#<code>
//	lote request                 GROUP#<gid>        LOTEREQ#<code>#<uid>
//	invite                       INVITE#<token>     META                     GROUP#<gid> / INVITE#<time>
//	vegetable                    VEG#<id>           META                     CATALOG#VEG / <id>
//	conquista (catalogue)        CONQUISTA#<code>   META                     CATALOG#CONQUISTA / <code>
//	app configuration (Rules)    CONFIG             APP
//	cultivo                      CULT#<cid>         META                     CULTS#GROUP#<gid> / <time>#<cid> (group cultivos)
//	cultivo of a user            USER#<uid>         CULTOF#<cid>             CULTS#USER#<uid> / <time>#<cid>
//	diary entry                  CULT#<cid>         LOG#<time>#<id>
//	harvest                      CULT#<cid>         HARV#<id>
//	harvest totals               USER#<uid> or GROUP#<gid>   CULTSTATS
//	diary entries of a day       USER#<uid>         DIARIODIA#<yyyy-mm-dd>
//	idempotency key of a create  IDEM#<uid>#<key>   META  (TTL expiraEm: a day; idempotency.go)   IDEMOF#<uid> / <key>
//	directory word (public)      GROUP#<gid>        WORD#<word>              DIRWORD#<3 letters> / <word>#<name>#<gid>  (search.go)
//	audit entry (admin write)    AUDIT#<yyyy-mm>    <time>#<id>              AUDITBY#<uid> / <time>#<id>        AUDITACT#<acao> / <time>#<id>  (audit.go)
//	guide                        GUIA#<id>          META                     GUIAS#ALL / <time>#<id>
//	guide of a vegetable         VEG#<vid>          GUIA#<id>                (one per linked vegetable; listed by Query)
//	monthly points of a member   USER#<uid>         POINTS#<yyyy-mm>                                            RANK#MES#<yyyy-mm>#<shard> / <score key>  (ranking.go)
//	(the profile itself)         USER#<uid>         PROFILE                                                     RANK#ALL#<shard> / <score key>  (ranking.go)
//	group harvest ranking        GROUP#<gid>        RANKHARV#ALL|<yyyy-mm>                                      GRANK#ALL|MES#<yyyy-mm>#<shard> / <score key>
//	reminder due on a day        DUE#<yyyy-mm-dd>   <kind>#<cid>             (TTL expiraEm; reminders.go)
//	reminders job of a day       REMINDERS#<day>    STATE | SENT#<kind>#<cid>
//	upload no item claimed yet   USER#<uid>         UPLOAD#<id>              UPLOADS#<yyyy-mm-dd> / <uid>/<id>  (uploads.go)
//	photo an item released       PHOTOS#RELEASED    <time>#<dir>             (uploads.go; the photos job deletes it)
//	group reminder due on a day  DUE#<yyyy-mm-dd>   GRUPO#<MUTIRAO|ESCALA>#<gid>#<ref>   (TTL expiraEm; reminders_grupo.go)
//	mutirão                      GROUP#<gid>        MUT#<mid>                MUTS#<gid> / <inicio>#<mid>  (mutiroes.go)
//	mutirão sign-up              GROUP#<gid>        MUT#<mid>#I#<uid>        AGENDA#<uid> / <inicio>#<mid>
//	escala (weekly rota)         GROUP#<gid>        ESCALA#<eid>             MUTS#<gid> / ~ESCALA#<eid>  (escalas.go)
//	a member's escala turns      GROUP#<gid>        ESCM#<eid>#<uid>         AGENDA#<uid> / ~ESCALA#<gid>#<eid>
//	escala swap of a day         GROUP#<gid>        ESCD#<eid>#<day>#T       AGENDA#<para> / <start>#PEDIDO|TROCA#<eid>
//	escala turn given away       GROUP#<gid>        ESCD#<eid>#<day>#X       AGENDA#<de> / <start>#CEDIDA#<eid>
//	escala turn done             GROUP#<gid>        ESCD#<eid>#<day>#F#<uid>
//	partilha offer               GROUP#<gid>        PARTILHA#<harvest id>    PARTILHAS#<gid> / <time>#<hid>  (partilhas.go)
//	partilha reservation         GROUP#<gid>        PARTILHA#<hid>#R#<uid>
//	report month of a group      GROUP#<gid>        REL#<yyyy-mm>            (flat totals by destino, vegetable, lote, member, activity, mutirão; relatorio.go)
//	report year of a group       GROUP#<gid>        RELANO#<yyyy>            (the public impact)
//	public impact choice         GROUP#<gid>        IMPACTO
//	calendar feed nonce          USER#<uid>         CALFEED#MEMBRO | CALFEED#GRUPO#<gid>   (calendar.go)
//
// Only public groups carry the directory keys (<name> and <city> folded by
// domain.SearchKey). Everything of one group lives in GROUP#<gid>, except its
// invites, which the invite page finds by token alone. <time> is always
// fmtTime (codec.go), so these keys sort in time order. Points ledger keys
// start with AWARD#, apart from the monthly totals (POINTS#yyyy-mm) that
// rankings will read with begins_with.

// Key attribute names of the table and its indexes.
const (
	attrPK     = "PK"
	attrSK     = "SK"
	attrGSI1PK = "GSI1PK"
	attrGSI1SK = "GSI1SK"
	attrGSI2PK = "GSI2PK"
	attrGSI2SK = "GSI2SK"
	IndexGSI1  = "GSI1"
	IndexGSI2  = "GSI2"
)

// Sort keys and prefixes.
const (
	skMeta             = "META"
	skProfile          = "PROFILE"
	skNotifState       = "NOTIFSTATE"
	skApp              = "APP"
	prefixMember       = "MEMBER#"
	prefixRequest      = "REQUEST#"
	prefixLote         = "LOTE#"
	prefixLoteRequest  = "LOTEREQ#"
	prefixNotification = "NOTIF#"
	prefixAward        = "AWARD#"
	prefixGroup        = "GROUP#"
	prefixInvite       = "INVITE#"
	prefixDay          = "DAY#"
)

// Partition keys that are not per entity.
const (
	pkConfig         = "CONFIG"
	dirPublic        = "DIR#PUBLIC"
	dirUFPrefix      = "DIR#UF#"
	catalogVegetal   = "CATALOG#VEG"
	catalogConquista = "CATALOG#CONQUISTA"
)

// UserPK is the partition of everything that belongs to one user.
func UserPK(uid string) string { return "USER#" + uid }

// GroupPK is the partition of everything of one group but its invites.
func GroupPK(gid string) string { return prefixGroup + gid }

func MemberSK(uid string) string            { return prefixMember + uid }
func RequestSK(uid string) string           { return prefixRequest + uid }
func LoteSK(code string) string             { return prefixLote + code }
func LoteRequestSK(code, uid string) string { return prefixLoteRequest + code + "#" + uid }

// loteRequestsOf is the prefix of every open request for one lote.
func loteRequestsOf(code string) string { return prefixLoteRequest + code + "#" }

// InvitePK is an invite's own partition, found by token alone.
func InvitePK(token string) string { return prefixInvite + token }

// inviteByTime is an invite's GSI1 sort key under its group (newest last).
func inviteByTime(createdAt time.Time) string { return prefixInvite + fmtTime(createdAt) }

// NotificationSK is the sort key of a notification made at t.
func NotificationSK(t time.Time, id string) string {
	return prefixNotification + fmtTime(t) + "#" + id
}

// AwardSK is the ledger item of one award: written only if absent, in the
// same transaction as the act, so an act pays once.
func AwardSK(motivo, ref string) string { return prefixAward + motivo + "#" + ref }

// VegetalPK and ConquistaPK are the catalogue's items (SK META).
func VegetalPK(id string) string       { return "VEG#" + id }
func ConquistaPK(codigo string) string { return "CONQUISTA#" + codigo }

// directoryKeys are the GSI keys of a public group, from its folded name and
// city; a private group (or one being deleted) has none.
func directoryKeys(public bool, id, nameKey, cityKey, uf string) (gsi1pk, gsi1sk, gsi2pk, gsi2sk string) {
	if !public {
		return "", "", "", ""
	}
	return dirPublic, nameKey + "#" + id, dirUFPrefix + uf, cityKey + "#" + nameKey + "#" + id
}

// memberOfKey is the user id of a MEMBER# sort key.
func memberOfKey(sk string) (string, bool) { return strings.CutPrefix(sk, prefixMember) }

// validID keeps ids that could not be keys (empty, huge, with the key
// separator) from ever reaching DynamoDB.
func validID(id string) bool {
	if id == "" || len(id) > 128 {
		return false
	}
	for _, r := range id {
		if r == '#' || r < 0x21 || r == 0x7f {
			return false
		}
	}
	return true
}

// Cultivo keys (store/cultivos.go): the cultivo's own partition holds it,
// its diary and its harvests; each writer (responsible, collaborators) has a
// CULTOF# item listed under CULTS#USER#<uid> (GSI1) and, while the cultivo
// is active, under CULTSA#USER#<uid> (GSI2); a group's cultivos are listed
// under CULTS#GROUP#<gid> (GSI1) and by phase under CULTS#GROUP#<gid>#<fase>
// (GSI2). Every list a filter names is a partition of its own: a page is
// never thinned after DynamoDB's Limit.
const (
	skCultStats        = "CULTSTATS"
	prefixCultOf       = "CULTOF#"
	prefixDiario       = "LOG#"
	prefixColheita     = "HARV#"
	prefixDiarioDia    = "DIARIODIA#"
	cultsOfUserPrefix  = "CULTS#USER#"
	cultsOfGroupPrefix = "CULTS#GROUP#"
)

func CultivoPK(cid string) string            { return "CULT#" + cid }
func CultOfSK(cid string) string             { return prefixCultOf + cid }
func DiarioSK(t time.Time, id string) string { return prefixDiario + fmtTime(t) + "#" + id }
func ColheitaSK(id string) string            { return prefixColheita + id }
func DiarioDiaSK(day string) string          { return prefixDiarioDia + day }
func cultsOfUser(uid string) string          { return cultsOfUserPrefix + uid }
func cultsOfGroup(gid string) string         { return cultsOfGroupPrefix + gid }
func activeCultsOfUser(uid string) string    { return "CULTSA#USER#" + uid }
func cultsOfGroupFase(gid string, f domain.Fase) string {
	return cultsOfGroupPrefix + gid + "#" + string(f)
}
func cultByTime(t time.Time, cid string) string { return fmtTime(t) + "#" + cid }

// Audit keys (store/audit.go): a month's partition, time-sorted; GSI1 by
// admin, GSI2 by action.
func AuditPK(t time.Time) string            { return "AUDIT#" + t.UTC().Format("2006-01") }
func AuditSK(t time.Time, id string) string { return fmtTime(t) + "#" + id }
func auditByAdmin(uid string) string        { return "AUDITBY#" + uid }
func auditByAction(acao string) string      { return "AUDITACT#" + acao }

// A conquista a user earned (conquistas.go): USER#<uid> / CONQ#<code>, written
// once (attribute_not_exists) in the transaction of the act that completed it.
const prefixEarned = "CONQ#"

func EarnedSK(code string) string { return prefixEarned + code }

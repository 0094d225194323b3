package domain

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// The feed: posts in the whole community or in one group, likes,
// comments and reports (denúncias). A group post is visible to the group's
// members (and site admins) only, whether the group is public or private.

// Feed limits that are not tunable (Rules holds the tunable ones).
const (
	MaxPostTexto       = 2000
	MaxComentarioTexto = 500
	MaxDenunciaTexto   = 500
	// EdicaoPost is how long after publishing its author may edit a post.
	EdicaoPost = 15 * time.Minute
	// RepeticaoPost: the same text posted again within it is refused.
	RepeticaoPost = time.Minute
	// AvisoCurtidas: at most one like notification per post in this window.
	AvisoCurtidas = time.Hour
	// IdadeMinimaDenuncia: reports from accounts younger than this do not count toward hiding.
	IdadeMinimaDenuncia = 72 * time.Hour
	// MaxAvisadosComentario bounds the earlier commenters a new comment notifies.
	MaxAvisadosComentario = 10
	// MaxDenunciasNaFila is how many reports the queue item keeps to show.
	MaxDenunciasNaFila = 20
)

// Daily acts of the feed.
const (
	ActPost       DailyAct = "post"       // POST /api/posts
	ActComentario DailyAct = "comentario" // POST /api/posts/{id}/comentarios
	ActCurtida    DailyAct = "curtida"    // PUT /api/posts/{id}/curtida (notifies the author)
	ActDenuncia   DailyAct = "denuncia"   // a report
)

// CultivoCard is the cultivo a post is linked to, as the post shows it.
type CultivoCard struct {
	ID              string `json:"id" dynamodbav:"id"`
	VegetalNome     string `json:"vegetalNome" dynamodbav:"vegetalNome"`
	Fase            Fase   `json:"fase" dynamodbav:"fase"`
	DataPlantio     string `json:"dataPlantio" dynamodbav:"dataPlantio"`
	DiasColheitaMin int    `json:"-" dynamodbav:"diasColheitaMin"`
	DiasColheitaMax int    `json:"-" dynamodbav:"diasColheitaMax"`
}

// CardOf is the card of cultivo c.
func CardOf(c Cultivo) CultivoCard {
	return CultivoCard{ID: c.ID, VegetalNome: c.VegetalNome, Fase: c.Fase, DataPlantio: c.DataPlantio,
		DiasColheitaMin: c.DiasColheitaMin, DiasColheitaMax: c.DiasColheitaMax}
}

// DiasParaColheita is the days from now to the start of the harvest window
// (0 once it is open; nil without a planting date).
func (c CultivoCard) DiasParaColheita(now time.Time) *int {
	d, ok := ParseDate(c.DataPlantio)
	if !ok || c.DiasColheitaMin <= 0 {
		return nil
	}
	start := d.AddDate(0, 0, c.DiasColheitaMin)
	today, _ := ParseDate(FormatDate(LocalDate(now)))
	n := int(start.Sub(today).Hours() / 24)
	if n < 0 {
		n = 0
	}
	return &n
}

// Post is one post.
type Post struct {
	ID          string
	AutorID     string
	AutorNome   string
	Texto       string
	Fotos       []string
	Cultivo     *CultivoCard
	GrupoID     string // "" for the community
	GrupoNome   string
	Curtidas    int
	Comentarios int
	Denuncias   int // reports that count toward hiding, since the last review
	Oculto      bool
	Version     int
	CriadoEm    time.Time
	EditadoEm   *time.Time
}

// VisibleTo reports whether a caller sees the post: a group post only by the
// group's members and site admins; a hidden post only by its author and site admins.
func (p Post) VisibleTo(uid string, admin bool, grupos []string) bool {
	if admin {
		return true
	}
	if p.GrupoID != "" && !containsStr(grupos, p.GrupoID) {
		return false
	}
	return !p.Oculto || p.AutorID == uid
}

// Editable reports whether its author may still edit the post at now.
func (p Post) Editable(now time.Time) bool { return now.Sub(p.CriadoEm) <= EdicaoPost }

func containsStr(list []string, v string) bool {
	for _, s := range list {
		if s == v {
			return true
		}
	}
	return false
}

// Comentario is one comment of a post.
type Comentario struct {
	ID        string
	PostID    string
	AutorID   string
	AutorNome string
	Texto     string
	Denuncias int
	Oculto    bool
	CriadoEm  time.Time
}

// PostInput is a new post.
type PostInput struct {
	Texto     string   `json:"texto"`
	Fotos     []string `json:"fotos,omitempty"`
	CultivoID string   `json:"cultivoId,omitempty"`
	GrupoID   string   `json:"grupoId,omitempty"`
}

// Valid cleans and checks a new post.
func (in *PostInput) Valid() error {
	t, err := cleanPostText("texto", in.Texto, MaxPostTexto, "O texto do post")
	if err != nil {
		return err
	}
	in.Texto = t
	if len(in.Fotos) > MaxFotos {
		return ErrTooManyFotos("fotos")
	}
	seen := map[string]bool{}
	for _, f := range in.Fotos {
		if seen[f] {
			return Invalid("fotos", "A mesma foto foi enviada duas vezes")
		}
		seen[f] = true
	}
	if len(in.CultivoID) > 128 || len(in.GrupoID) > 128 {
		return Invalid("cultivoId", "Cultivo ou grupo inválido")
	}
	return nil
}

// PostEdit is an edit of a post's text.
type PostEdit struct {
	Texto string `json:"texto"`
}

func (in *PostEdit) Valid() error {
	t, err := cleanPostText("texto", in.Texto, MaxPostTexto, "O texto do post")
	in.Texto = t
	return err
}

// ComentarioInput is a new comment.
type ComentarioInput struct {
	Texto string `json:"texto"`
}

func (in *ComentarioInput) Valid() error {
	t, err := cleanPostText("texto", in.Texto, MaxComentarioTexto, "O comentário")
	in.Texto = t
	return err
}

func cleanPostText(field, s string, max int, label string) (string, error) {
	if Length(s) > max {
		return "", Invalid(field, label+" deve ter no máximo "+strconv.Itoa(max)+" caracteres")
	}
	c := CleanMultiline(s)
	if c == "" || !Visible(c) {
		return "", Invalid(field, label+" não pode ficar vazio")
	}
	return c, nil
}

// TextoHash identifies a post's text for the "same text twice" rule
// (spaces and case folded).
func TextoHash(s string) string {
	h := sha256.Sum256([]byte(strings.ToLower(strings.Join(strings.Fields(s), " "))))
	return hex.EncodeToString(h[:16])
}

// Motivos of a report.
const (
	MotivoSpam     = "spam"
	MotivoOfensivo = "ofensivo"
	MotivoPerigoso = "perigoso"
	MotivoOutro    = "outro"
)

// DenunciaInput is a report of a post or comment.
type DenunciaInput struct {
	Motivo string `json:"motivo"`
	Texto  string `json:"texto,omitempty"`
}

func (in *DenunciaInput) Valid() error {
	switch in.Motivo {
	case MotivoSpam, MotivoOfensivo, MotivoPerigoso, MotivoOutro:
	default:
		return Invalid("motivo", "Escolha o motivo da denúncia: spam, ofensivo, perigoso ou outro")
	}
	if Length(in.Texto) > MaxDenunciaTexto {
		return Invalid("texto", "A descrição da denúncia deve ter no máximo 500 caracteres")
	}
	in.Texto = CleanMultiline(in.Texto)
	if in.Motivo == MotivoOutro && in.Texto == "" {
		return Invalid("texto", "Descreva o motivo da denúncia")
	}
	return nil
}

// DenunciaConta reports whether a report by an account created at
// cadastro counts toward hiding at now.
func DenunciaConta(cadastro, now time.Time) bool {
	return !cadastro.IsZero() && now.Sub(cadastro) >= IdadeMinimaDenuncia
}

// Moderation actions of a site admin.
const (
	AcaoManter        = "manter"
	AcaoRemover       = "remover"
	AcaoRemoverAvisar = "remover_avisar"
)

// ModeracaoInput is a site admin's decision on a reported item.
type ModeracaoInput struct {
	Acao string `json:"acao"`
}

func (in *ModeracaoInput) Valid() error {
	switch in.Acao {
	case AcaoManter, AcaoRemover, AcaoRemoverAvisar:
		return nil
	}
	return Invalid("acao", "Escolha uma ação: manter, remover ou remover_avisar")
}

// Audit actions of moderation.
const (
	AuditModeracaoManter        AuditAction = "moderacao.manter"
	AuditModeracaoRemover       AuditAction = "moderacao.remover"
	AuditModeracaoRemoverAvisar AuditAction = "moderacao.remover_avisar"
	AuditPostRemovido           AuditAction = "post.removido"
)

// Notification kinds and texts of the feed.
const (
	NotifCurtida    = "curtida"
	NotifComentario = "comentario"
	NotifResposta   = "resposta"
	NotifModeracao  = "moderacao"
	// NotifDenuncia tells a member how a report they made was resolved.
	NotifDenuncia = "denuncia_resolvida"
)

func TextoCurtida(nome string) string    { return nome + " curtiu seu post" }
func TextoComentario(nome string) string { return nome + " comentou no seu post" }

// TextoComentarios is the one unread notification of a post's author about
// its comments: the latest commenter and how many others commented since
// the author last read it.
func TextoComentarios(nome string, outros int) string {
	if outros <= 0 {
		return TextoComentario(nome)
	}
	return fmt.Sprintf("%s e mais %d comentaram no seu post", nome, outros)
}

// TextoRespostas is TextoComentarios for a post the member commented on.
func TextoRespostas(nome string, outros int) string {
	if outros <= 0 {
		return TextoResposta(nome)
	}
	return fmt.Sprintf("%s e mais %d também comentaram em um post que você comentou", nome, outros)
}
func TextoResposta(nome string) string {
	return nome + " também comentou em um post que você comentou"
}
func TextoPostRemovido() string       { return "Seu post foi removido pela moderação" }
func TextoComentarioRemovido() string { return "Seu comentário foi removido pela moderação" }
func TextoAvisoModeracao() string {
	return "Aviso da moderação: seu conteúdo violou as regras da comunidade. Novas violações podem levar à suspensão da conta"
}
func LinkPost(pid string) string { return "/feed?post=" + pid }

// TextoDenunciaResolvida tells the member who reported a post or comment
// what the moderation decided.
func TextoDenunciaResolvida(comentario, mantido bool) string {
	what := "o post que você denunciou"
	if comentario {
		what = "o comentário que você denunciou"
	}
	if mantido {
		return "Sua denúncia foi analisada: " + what + " não viola as regras e foi mantido"
	}
	return "Sua denúncia foi analisada: " + what + " foi removido. Obrigado por ajudar"
}

// MaxDenunciantesNotificados bounds the reporters told of one decision (the first ones).
const MaxDenunciantesNotificados = 20

// Feed errors.
func ErrPostNotFound() *Error       { return NotFound("Post não encontrado") }
func ErrComentarioNotFound() *Error { return NotFound("Comentário não encontrado") }
func ErrPostRepetido() *Error {
	return Conflict("Você acabou de publicar este mesmo texto. Aguarde um minuto para publicá-lo de novo")
}
func ErrEdicaoExpirada() *Error {
	return Forbidden("O post só pode ser editado nos primeiros 15 minutos")
}
func ErrJaDenunciado() *Error { return Conflict("Você já denunciou este conteúdo") }

// Motivos of the points ledger for the feed.
const (
	MotivoPost            = "POST"
	MotivoComentario      = "COMENTARIO"
	MotivoCurtidaRecebida = "CURTIDA"
)

// AwardPost is what a post earns under r when countedToday posts already
// earned points today (nil past the day's count).
func AwardPost(r Rules, pid string, countedToday int) *Award {
	if countedToday >= r.Pontos.PostsPorDia || r.Pontos.Post == 0 {
		return nil
	}
	return &Award{Motivo: MotivoPost, Ref: pid, Pontos: r.Pontos.Post}
}

// AwardComentario is what a comment earns under r.
func AwardComentario(r Rules, cid string, countedToday int) *Award {
	if countedToday >= r.Pontos.ComentariosPorDia || r.Pontos.Comentario == 0 {
		return nil
	}
	return &Award{Motivo: MotivoComentario, Ref: cid, Pontos: r.Pontos.Comentario}
}

// AutoOcultavel reports whether reports may hide a post or comment on their
// own (DenunciasParaOcultar of them). Not when a site admin already chose
// "manter" for it (kept): later reports go to the queue for an admin to see,
// without hiding it again. Not a site admin's own (staff): the staff answer
// for the site, and a handful of accounts must not silence them. Group
// coordinators are not staff here: anyone may create a group and coordinate
// it, so exempting them would let any member make their posts unhideable;
// their group's moderation is theirs, the site's queue the admins'.
func AutoOcultavel(kept, staff bool) bool { return !kept && !staff }

package feed

import (
	"time"

	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// CultivoCard is the cultivo a post links to (schema CultivoCard).
type CultivoCard struct {
	ID               string      `json:"id"`
	VegetalNome      string      `json:"vegetalNome"`
	Fase             domain.Fase `json:"fase"`
	DataPlantio      string      `json:"dataPlantio"`
	DiasParaColheita *int        `json:"diasParaColheita"`
}

// Post is a post as its reader sees it (schema Post).
type Post struct {
	ID          string       `json:"id"`
	AutorID     string       `json:"autorId"`
	AutorNome   string       `json:"autorNome"`
	Texto       string       `json:"texto"`
	Fotos       []string     `json:"fotos"`
	Cultivo     *CultivoCard `json:"cultivo"`
	GrupoID     *string      `json:"grupoId"`
	GrupoNome   *string      `json:"grupoNome"`
	Curtidas    int          `json:"curtidas"`
	Comentarios int          `json:"comentarios"`
	Curtido     bool         `json:"curtido"`
	Oculto      bool         `json:"oculto"`
	Editavel    bool         `json:"editavel"`
	CriadoEm    time.Time    `json:"criadoEm"`
	EditadoEm   *time.Time   `json:"editadoEm"`
}

func postOf(p store.FeedPost, uid string, now time.Time) Post {
	v := Post{
		ID: p.ID, AutorID: p.AutorID, AutorNome: p.AutorNome, Texto: p.Texto, Fotos: p.Fotos, Curtidas: p.Curtidas,
		Comentarios: p.Comentarios, Curtido: p.Curtido, Oculto: p.Oculto, CriadoEm: p.CriadoEm, EditadoEm: p.EditadoEm,
		Editavel: p.AutorID == uid && p.Editable(now) && !p.Oculto,
	}
	if v.Fotos == nil {
		v.Fotos = []string{}
	}
	if p.GrupoID != "" {
		g, n := p.GrupoID, p.GrupoNome
		v.GrupoID, v.GrupoNome = &g, &n
	}
	if c := p.Cultivo; c != nil {
		v.Cultivo = &CultivoCard{ID: c.ID, VegetalNome: c.VegetalNome, Fase: c.Fase, DataPlantio: c.DataPlantio, DiasParaColheita: c.DiasParaColheita(now)}
	}
	return v
}

// PostCriado is the answer to a new post (schema PostCriado).
type PostCriado struct {
	Post   Post `json:"post"`
	Pontos int  `json:"pontos"`
}

// Curtida is the caller's like after a like or unlike (schema Curtida).
type Curtida struct {
	Curtido  bool `json:"curtido"`
	Curtidas int  `json:"curtidas"`
}

// Comentario is one comment (schema Comentario).
type Comentario struct {
	ID        string    `json:"id"`
	PostID    string    `json:"postId"`
	AutorID   string    `json:"autorId"`
	AutorNome string    `json:"autorNome"`
	Texto     string    `json:"texto"`
	Oculto    bool      `json:"oculto"`
	CriadoEm  time.Time `json:"criadoEm"`
}

func comentarioOf(c domain.Comentario) Comentario {
	return Comentario{ID: c.ID, PostID: c.PostID, AutorID: c.AutorID, AutorNome: c.AutorNome, Texto: c.Texto, Oculto: c.Oculto, CriadoEm: c.CriadoEm}
}

// ComentarioCriado is the answer to a new comment (schema ComentarioCriado).
type ComentarioCriado struct {
	Comentario Comentario `json:"comentario"`
	Pontos     int        `json:"pontos"`
}

// DenunciaRegistrada is the answer to a report (schema DenunciaRegistrada).
type DenunciaRegistrada struct {
	Registrada bool `json:"registrada"`
}

// Denuncia is one report in the queue (schema DenunciaResumo).
type Denuncia struct {
	UserID string    `json:"userId"`
	Nome   string    `json:"nome"`
	Motivo string    `json:"motivo"`
	Texto  string    `json:"texto"`
	Conta  bool      `json:"conta"`
	Em     time.Time `json:"em"`
}

// ItemModeracao is a reported post or comment in the queue (schema ItemModeracao).
type ItemModeracao struct {
	PostID       string     `json:"postId"`
	ComentarioID *string    `json:"comentarioId"`
	Tipo         string     `json:"tipo"`
	AutorID      string     `json:"autorId"`
	AutorNome    string     `json:"autorNome"`
	Texto        string     `json:"texto"`
	Fotos        []string   `json:"fotos"`
	GrupoID      *string    `json:"grupoId"`
	Total        int        `json:"total"`
	Denuncias    []Denuncia `json:"denuncias"`
	UltimaEm     time.Time  `json:"ultimaEm"`
}

func itemOf(m store.ModItem) ItemModeracao {
	v := ItemModeracao{PostID: m.PostID, Tipo: m.Tipo, AutorID: m.AutorID, AutorNome: m.AutorNome, Texto: m.Texto, Fotos: m.Fotos,
		Total: m.Total, Denuncias: []Denuncia{}, UltimaEm: parse(m.UltimaEm)}
	if v.Fotos == nil {
		v.Fotos = []string{}
	}
	if m.ComentarioID != "" {
		c := m.ComentarioID
		v.ComentarioID = &c
	}
	if m.GrupoID != "" {
		g := m.GrupoID
		v.GrupoID = &g
	}
	for _, d := range m.Denuncias {
		v.Denuncias = append(v.Denuncias, Denuncia{UserID: d.UserID, Nome: d.Nome, Motivo: d.Motivo, Texto: d.Texto, Conta: d.Conta, Em: parse(d.Em)})
	}
	return v
}

func parse(s string) time.Time {
	t, _ := time.Parse(time.RFC3339Nano, s)
	return t.UTC()
}

package domain

import (
	"fmt"
	"net/url"
	"strings"
	"time"
)

// A banner (/admin/banners) is shown on members' dashboards from its start
// date to its end date (inclusive, Brasília's calendar), to everyone or to
// the members of one UF, in the admins' order.

const (
	AudienciaTodos                  = "todos"
	MaxBanners                      = 50 // every banner is read in one Query page
	MaxBannerTitulo                 = 80
	MaxBannerTexto                  = 300
	MaxBannerLink                   = 500
	MaxBannerOrdem                  = 999
	MaxBannerDias                   = 366
	AuditBannerCriado   AuditAction = "banner.criado"
	AuditBannerEditado  AuditAction = "banner.editado"
	AuditBannerExcluido AuditAction = "banner.excluido"
	FotoBanner                      = "banner"
)

// Banner is one banner.
type Banner struct {
	ID        string
	Titulo    string
	Texto     string
	Imagem    *string // an uploads key (fotos/<admin>/banner/…)
	Link      string
	Inicio    string // yyyy-mm-dd
	Fim       string // yyyy-mm-dd
	Audiencia string // AudienciaTodos or a UF
	Ordem     int
	Version   int
	CriadoEm  time.Time
	CriadoPor string
}

// BannerInput is what an admin writes.
type BannerInput struct {
	Titulo    string  `json:"titulo"`
	Texto     string  `json:"texto"`
	Imagem    *string `json:"imagem" nullable:"true"`
	Link      string  `json:"link"`
	Inicio    string  `json:"inicio"`
	Fim       string  `json:"fim"`
	Audiencia string  `json:"audiencia"`
	Ordem     int     `json:"ordem"`
}

// Valid cleans the texts and checks every field.
func (in *BannerInput) Valid() error {
	var err error
	if in.Titulo, err = CleanName("titulo", "o título", in.Titulo); err != nil {
		return err
	}
	if in.Titulo == "" {
		return Invalid("titulo", "Informe o título")
	}
	if Length(in.Titulo) > MaxBannerTitulo {
		return Invalid("titulo", "O título deve ter no máximo 80 caracteres")
	}
	in.Texto = CleanMultiline(in.Texto)
	if Length(in.Texto) > MaxBannerTexto {
		return Invalid("texto", "O texto deve ter no máximo 300 caracteres")
	}
	if in.Imagem != nil && *in.Imagem == "" {
		in.Imagem = nil
	}
	in.Link = strings.TrimSpace(in.Link)
	if in.Link != "" && (len(in.Link) > MaxBannerLink || !SafeLink(in.Link)) {
		return Invalid("link", "O link deve ser um caminho do Verde (/grupos) ou um endereço https://")
	}
	start, ok := ParseDate(in.Inicio)
	if !ok {
		return Invalid("inicio", "Informe a data de início (AAAA-MM-DD)")
	}
	end, ok := ParseDate(in.Fim)
	if !ok {
		return Invalid("fim", "Informe a data de fim (AAAA-MM-DD)")
	}
	if end.Before(start) {
		return Invalid("fim", "A data de fim deve ser igual ou posterior à de início")
	}
	if end.Sub(start) > MaxBannerDias*24*time.Hour {
		return Invalid("fim", "Um banner fica no ar por no máximo 366 dias")
	}
	if in.Audiencia == "" {
		in.Audiencia = AudienciaTodos
	}
	if in.Audiencia != AudienciaTodos && !ValidUF(in.Audiencia) {
		return Invalid("audiencia", "Escolha todos ou uma UF")
	}
	if in.Ordem < 0 || in.Ordem > MaxBannerOrdem {
		return Invalid("ordem", "A ordem deve ser um número de 0 a 999")
	}
	return nil
}

// SafeLink reports a link a banner may open: a path of the site ("/grupos",
// never "//host" or "/\host", which browsers read as another host: an open
// redirect) or an https:// address with a host. No backslash, space or
// control character anywhere (browsers drop or reinterpret them).
func SafeLink(link string) bool {
	for _, r := range link {
		if r == '\\' || r <= ' ' || r == 0x7f {
			return false
		}
	}
	if strings.HasPrefix(link, "/") {
		return !strings.HasPrefix(link, "//")
	}
	u, err := url.Parse(link)
	return err == nil && u.Scheme == "https" && u.Host != "" && u.User == nil
}

// BannerDatasPlausiveis refuses absurd dates (9999-12-31): a banner starts
// at most a year before today and ends at most two years after it.
func (in BannerInput) BannerDatasPlausiveis(today time.Time) error {
	start, _ := ParseDate(in.Inicio)
	end, _ := ParseDate(in.Fim)
	if start.Before(today.AddDate(-1, 0, 0)) || start.After(today.AddDate(2, 0, 0)) {
		return Invalid("inicio", "A data de início deve estar entre um ano atrás e dois anos à frente")
	}
	if end.After(today.AddDate(2, 0, 0)) {
		return Invalid("fim", "A data de fim deve ser de no máximo dois anos à frente")
	}
	return nil
}

// Apply writes in over b.
func (in BannerInput) Apply(b Banner) Banner {
	b.Titulo, b.Texto, b.Imagem, b.Link = in.Titulo, in.Texto, in.Imagem, in.Link
	b.Inicio, b.Fim, b.Audiencia, b.Ordem = in.Inicio, in.Fim, in.Audiencia, in.Ordem
	return b
}

// ActiveFor reports whether b shows today (a yyyy-mm-dd) to a member of uf.
func (b Banner) ActiveFor(today, uf string) bool {
	return b.Inicio <= today && today <= b.Fim && (b.Audiencia == AudienciaTodos || b.Audiencia == uf)
}

// The banners' answers, written once here.

// ErrBannerNotFound: no banner of that id.
func ErrBannerNotFound() *Error { return NotFound("Banner não encontrado") }

// ErrTooManyBanners: a new banner past MaxBanners.
func ErrTooManyBanners() *Error {
	return Conflict(fmt.Sprintf("Já existem %d banners: exclua algum antes de criar outro", MaxBanners))
}

// ErrBannerChanged: the banner's version moved on since the admin's form read it.
func ErrBannerChanged() *Error {
	return Conflict("Este banner foi alterado por outra pessoa. Recarregue a página e tente novamente")
}

// ValidBannerVersion: an edit names the version its form was loaded with.
func ValidBannerVersion(version int) error {
	return validEditVersion(version, "do banner")
}

// CanEdit is the rule of an admin's edit of b made on the form of version:
// only over the version the form was loaded with (an edit never overwrites
// another admin's).
func (b Banner) CanEdit(version int) error {
	if b.Version != version {
		return ErrBannerChanged()
	}
	return nil
}

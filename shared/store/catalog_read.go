package store

import (
	"context"

	"github.com/verde-app/verde/shared/domain"
)

// vegetalExtra is what a vegetable item holds beyond the first seed's
// attributes: the cultivar's season, the source row, the growing advice, the
// archive flag and the folded name that search filters on.
type vegetalExtra struct {
	Estacao        string   `dynamodbav:"estacao,omitempty"`
	FonteLinha     string   `dynamodbav:"fonteLinha,omitempty"`
	NomeBusca      string   `dynamodbav:"nomeBusca"`
	NomeCientifico string   `dynamodbav:"nomeCientifico,omitempty"`
	Familia        string   `dynamodbav:"familia,omitempty"`
	Metodo         string   `dynamodbav:"metodo,omitempty"`
	Profundidade   string   `dynamodbav:"profundidade,omitempty"`
	Sol            string   `dynamodbav:"sol,omitempty"`
	Rega           string   `dynamodbav:"rega,omitempty"`
	Cuidados       string   `dynamodbav:"cuidados,omitempty"`
	Companheiras   []string `dynamodbav:"companheiras,omitempty"`
	Pragas         string   `dynamodbav:"pragas,omitempty"`
	NomesPopulares []string `dynamodbav:"nomesPopulares,omitempty"`
	// Fontes: the source of each care field (domain.CareFields) that has a value.
	Fontes    map[string]citacaoAttr `dynamodbav:"fontes,omitempty"`
	Arquivado bool                   `dynamodbav:"arquivado,omitempty"`
}

// citacaoAttr is a care field's source, stored as a map.
type citacaoAttr struct {
	Titulo        string `dynamodbav:"titulo"`
	Editora       string `dynamodbav:"editora"`
	Ano           string `dynamodbav:"ano"`
	Local         string `dynamodbav:"local"`
	Endereco      string `dynamodbav:"endereco,omitempty"`
	Institucional bool   `dynamodbav:"institucional"`
}

func extraOf(v domain.Vegetal) vegetalExtra {
	c := v.VegetalCare
	e := vegetalExtra{
		Estacao: v.Estacao, FonteLinha: v.FonteLinha, NomeBusca: v.SearchText(),
		NomeCientifico: c.NomeCientifico, Familia: c.Familia, Metodo: c.Metodo, Profundidade: c.Profundidade,
		Sol: c.Sol, Rega: c.Rega, Cuidados: c.Cuidados, Companheiras: c.Companheiras,
		Pragas: c.Pragas, NomesPopulares: c.NomesPopulares, Arquivado: v.Arquivado,
	}
	if len(v.Fontes) > 0 {
		e.Fontes = make(map[string]citacaoAttr, len(v.Fontes))
		for campo, f := range v.Fontes {
			e.Fontes[campo] = citacaoAttr(f)
		}
	}
	return e
}

func (e vegetalExtra) into(v *domain.Vegetal) {
	v.Estacao, v.FonteLinha, v.Arquivado = e.Estacao, e.FonteLinha, e.Arquivado
	v.VegetalCare = domain.VegetalCare{
		NomeCientifico: e.NomeCientifico, Familia: e.Familia, Metodo: e.Metodo, Profundidade: e.Profundidade,
		Sol: e.Sol, Rega: e.Rega, Cuidados: e.Cuidados, Companheiras: e.Companheiras,
		Pragas: e.Pragas, NomesPopulares: e.NomesPopulares,
	}
	if len(e.Fontes) > 0 {
		v.Fontes = make(map[string]domain.Citacao, len(e.Fontes))
		for campo, f := range e.Fontes {
			v.Fontes[campo] = domain.Citacao(f)
		}
	}
}

func decodeVegetal(r record) (domain.Vegetal, error) {
	it, err := unmarshal[vegetalItem](r, "vegetal")
	return it.domain(), err
}

// VegetaisScope binds a catalogue cursor to its search (and to the
// admin's list, which shows archived vegetables too).
func VegetaisScope(q string, archived bool) string {
	s := "catalog:vegetables|"
	if archived {
		s = "catalog:vegetables+archived|"
	}
	return s + domain.SearchKey(q)
}

// VegetaisPage is one page of the catalogue in id order, only the
// vegetables whose folded name or popular name contains q's when q is set, and the
// archived ones only when archived is (the admin's list). What members are
// offered (new cultivos) never holds an archived vegetable, and comes from
// the container's copy of the catalogue (catalog_cache.go): full pages, no
// DynamoDB call while the copy is fresh. The admin's list is one Query of
// the table (its filter on the name may thin a page; admins page on).
func (s *Store) VegetaisPage(ctx context.Context, q string, archived bool, limit int, after map[string]string) ([]domain.Vegetal, map[string]string, error) {
	if !archived {
		return s.searchCatalogue(ctx, q, limit, after)
	}
	qq := query{Index: IndexGSI1, PK: catalogVegetal, Limit: limit, After: after, What: "vegetais"}
	if k := domain.SearchKey(q); k != "" {
		qq.ContainsAttr, qq.Contains = "nomeBusca", k
	}
	return queryPage(ctx, s, qq, decodeVegetal)
}

// Vegetal is one vegetable of the catalogue: one GetItem.
func (s *Store) Vegetal(ctx context.Context, id string) (domain.Vegetal, error) {
	return getMeta(ctx, s, VegetalPK, id, "vegetal", domain.ErrVegetalNotFound, decodeVegetal)
}

package store

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/verde-app/verde/shared/domain"
)

// The vegetable import of /admin/dados: each good row of the file
// (domain.ParseImport, checked with the admin form's rules) creates a
// vegetable or updates the one of the same name, through CreateVegetal and
// UpdateVegetal: versioned, audited and counted as /admin/vegetais edits
// are. A row that would change nothing writes nothing, so importing the same
// file twice changes nothing the second time. One Query of the catalogue
// (CATALOG#VEG), then one transaction per changed row.

// ImportResult is what a dry run or an import reports.
type ImportResult struct {
	Linhas    int                    // data rows in the file
	Novos     []string               // names created (or, in a dry run, to create)
	Alterados []string               // names updated (or to update)
	Iguais    int                    // rows that change nothing
	Problemas []domain.ImportProblem // bad rows, by line
}

// vegetalMatch finds the stored vegetable a row names: by the source row
// (fonteLinha), by the id a new one would take, or by name and season.
type vegetalMatch struct {
	byKey map[string]*domain.Vegetal
}

func newVegetalMatch(vs []domain.Vegetal) vegetalMatch {
	m := vegetalMatch{byKey: map[string]*domain.Vegetal{}}
	for i := range vs {
		v := &vs[i]
		m.byKey["id:"+v.ID] = v
		if v.FonteLinha != "" {
			m.byKey["fonte:"+domain.SearchKey(v.FonteLinha)] = v
		}
		m.byKey["nome:"+domain.SearchKey(v.Nome)+"|"+v.Estacao] = v
	}
	return m
}

func (m vegetalMatch) find(row domain.ImportRow) *domain.Vegetal {
	especie := row.Cells["especie"]
	if v := m.byKey["fonte:"+domain.SearchKey(especie)]; v != nil {
		return v
	}
	nome, estacao := row.ImportIdentity()
	probe := domain.VegetalInput{Nome: domain.CleanText(nome), Estacao: estacao}
	if v := m.byKey["id:"+probe.VegetalID()]; v != nil {
		return v
	}
	return m.byKey["nome:"+domain.SearchKey(probe.Nome)+"|"+probe.Estacao]
}

// sameVegetal reports whether a and b are the same but for their version.
func sameVegetal(a, b domain.Vegetal) bool {
	norm := func(v domain.Vegetal) string {
		v.Version = 0
		if v.Companheiras == nil {
			v.Companheiras = []string{}
		}
		raw, _ := json.Marshal(v)
		return string(raw)
	}
	return norm(a) == norm(b)
}

// ImportVegetais checks every row of f and, unless dryRun, writes the good
// ones. A write that fails for one row (another admin's edit in between: 409)
// is reported on that row; a daily cap reached stops the import (429) after
// the rows already written, which a second run then skips.
func (s *Store) ImportVegetais(ctx context.Context, f domain.ImportFile, dryRun bool, actor Actor) (ImportResult, error) {
	defer s.forgetCatalogue()
	res := ImportResult{Linhas: len(f.Rows), Novos: []string{}, Alterados: []string{}, Problemas: []domain.ImportProblem{}}
	vs, err := s.Vegetais(ctx)
	if err != nil {
		return res, err
	}
	match := newVegetalMatch(vs)
	claimed := map[string]int{} // vegetable id -> the line that names it
	for _, row := range f.Rows {
		cur := match.find(row)
		base, isNew := domain.VegetalInput{}, cur == nil
		if cur != nil {
			base = domain.InputOf(*cur)
		}
		in, bad := row.ImportInput(base, isNew, f.Columns)
		if bad != nil {
			res.Problemas = append(res.Problemas, *bad)
			continue
		}
		id := in.VegetalID()
		if cur != nil {
			id = cur.ID
		}
		if prev, dup := claimed[id]; dup {
			res.Problemas = append(res.Problemas, domain.ProblemaVegetalRepetido(row.Linha, prev))
			continue
		}
		claimed[id] = row.Linha
		if cur != nil {
			after := in.Apply(*cur)
			if sameVegetal(after, *cur) {
				res.Iguais++
				continue
			}
			if !dryRun {
				if _, err := s.UpdateVegetal(ctx, cur.ID, cur.Version, in, actor); err != nil {
					if p, ok := rowProblem(row, err); ok {
						res.Problemas = append(res.Problemas, p)
						continue
					}
					return res, err
				}
			}
			res.Alterados = append(res.Alterados, cur.Nome)
			continue
		}
		if !dryRun {
			if _, err := s.CreateVegetal(ctx, in, actor); err != nil {
				if p, ok := rowProblem(row, err); ok {
					res.Problemas = append(res.Problemas, p)
					continue
				}
				return res, err
			}
		}
		res.Novos = append(res.Novos, in.Nome)
	}
	return res, nil
}

// rowProblem turns a row's validation or conflict error into its line's
// problem; any other error (a daily cap, DynamoDB) stops the import.
func rowProblem(row domain.ImportRow, err error) (domain.ImportProblem, bool) {
	switch domain.ErrorCode(err) {
	case domain.EValidation, domain.EConflict:
		field := "especie"
		var e *domain.Error
		if de, ok := err.(*domain.Error); ok {
			e = de
		}
		msg := err.Error()
		if e != nil {
			msg = e.Message
			if e.Field != "" && !strings.Contains(e.Field, "nome") {
				field = e.Field
			}
		}
		return domain.ImportProblem{Linha: row.Linha, Campo: field, Mensagem: msg}, true
	}
	return domain.ImportProblem{}, false
}

package admin

import (
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// The vegetable import of /admin/dados: the file as the request's body
// (text/csv, at most 1 MB and 500 rows). POST …/validar is the dry run: every
// row checked, each bad one listed by line and field, nothing written. POST
// …/importar writes the good rows (store.ImportVegetais).

// ImportacaoVegetais is a dry run's or an import's report.
type ImportacaoVegetais struct {
	Linhas    int                    `json:"linhas"`
	Novos     []string               `json:"novos"`
	Alterados []string               `json:"alterados"`
	Iguais    int                    `json:"iguais"`
	Problemas []domain.ImportProblem `json:"problemas"`
	Gravado   bool                   `json:"gravado"`
}

// readCSV reads the request's CSV body: 415 for another type, the size
// bound as a field error.
func readCSV(r *http.Request) (domain.ImportFile, error) {
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "text/csv" {
		return domain.ImportFile{}, domain.ErrCSVEsperado()
	}
	if cs, ok := params["charset"]; ok && !strings.EqualFold(cs, "utf-8") {
		return domain.ImportFile{}, domain.ErrCSVEsperado()
	}
	data, err := io.ReadAll(io.LimitReader(r.Body, domain.MaxImportBytes+1))
	if err != nil {
		return domain.ImportFile{}, domain.ErrImportUnreadable()
	}
	return domain.ParseImport(data)
}

func handleImportVegetais(d app.Deps, dryRun bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f, err := readCSV(r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		res, err := d.Store.ImportVegetais(r.Context(), f, dryRun, kit.ActorFrom(d, r))
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, http.StatusOK, importacaoOf(res, !dryRun))
	})
}

func importacaoOf(res store.ImportResult, gravado bool) ImportacaoVegetais {
	return ImportacaoVegetais{Linhas: res.Linhas, Novos: res.Novos, Alterados: res.Alterados, Iguais: res.Iguais, Problemas: res.Problemas, Gravado: gravado}
}

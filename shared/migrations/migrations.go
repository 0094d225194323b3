// Package migrations is Verde's one way to change data that is already in a
// table: an ordered list of named migrations, each run in steps from a saved
// position, recorded in the table (store/migrations.go: MIGRATION/<id>) so
// that a done one never runs again and one that stopped goes on from where
// it was. The deploy's custom resource (Custom::Migrations,
// functions/migrations) runs them on every create and update of a stack; the
// local cloud runs them at every start. A new migration is a new entry at the
// end of List with a new id; an id is never reused or renamed.
package migrations

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// Migration is one change of the data.
type Migration struct {
	ID string
	// What says in a line what it does (logs, docs/operations.md).
	What string
	// Step does a bounded part of the work from pos ("" the first time) and
	// returns the position to go on from, whether the work is done, and the
	// items it wrote. A step that fails changes nothing it would redo wrong:
	// it runs again from the same position.
	Step func(ctx context.Context, s *store.Store, pos string) (next string, done bool, items int, err error)
}

// Catalog is the catalogue the seed migration applies (infra/seed).
type Catalog func() ([]domain.Vegetal, []domain.Conquista, error)

// AdminGroup lists the subs of Cognito's admin group.
type AdminGroup func(ctx context.Context) ([]string, error)

// Yields are the plausible yields of infra/seed, by vegetable.
type Yields func() (map[string]domain.Produtividade, error)

// List is every migration, in the order they run. The catalogue seed's id
// carries a hash of the seed data: each new version of infra/seed is a new
// migration that runs once. admins, when given, copies Cognito's admin group
// into the admin role's record (store.SyncAdmins) on a stack made before the
// record held the role; the local cloud does that itself at start, and passes
// nil. yields, when given, writes each vegetable's plausible yield; its id
// carries a hash of the yields and of the catalogue, so that a new version of
// either writes them again (they are ours to correct, not an admin's).
func List(catalog Catalog, yields Yields, admins AdminGroup) ([]Migration, error) {
	vegetais, conquistas, err := catalog()
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(struct {
		V []domain.Vegetal
		C []domain.Conquista
	}{vegetais, conquistas})
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(raw)
	list := []Migration{
		{
			ID:   "palavras-do-diretorio",
			What: "public groups made before the directory's word index get their words",
			Step: directoryWords,
		},
		{
			ID:   "busca-de-membros",
			What: "members made before the admins' member search get its index items",
			Step: pagedBackfill((*store.Store).BackfillUserIndexPage),
		},
		{
			ID:   "catalogo-" + hex.EncodeToString(sum[:6]),
			What: "the catalogue brought up to infra/seed (fields an admin has not edited)",
			Step: func(ctx context.Context, s *store.Store, _ string) (string, bool, int, error) {
				res, err := s.ApplyCatalogSeed(ctx, vegetais, conquistas)
				return "", err == nil, res.Criados + res.Atualizados, err
			},
		},
	}
	list = append(list,
		Migration{
			ID:   "leituras-planas",
			What: "active cultivos, group cultivos and the last year's group posts made before the flat reads get their keys and pointers (docs/reads.md)",
			Step: whole((*store.Store).BackfillFlatReads),
		},
		Migration{
			ID:   "historico-de-pontos",
			What: "ledger rows written before the points history's index get its keys",
			Step: whole((*store.Store).BackfillLedger),
		},
		Migration{
			ID:   "contagem-de-conquistas",
			What: "conquistas earned before the member counts of /admin/conquistas are counted (store/conquistas_count.go)",
			Step: whole((*store.Store).BackfillConquistaCounts),
		},
	)
	if yields != nil {
		ys, err := yields()
		if err != nil {
			return nil, err
		}
		raw, err := json.Marshal(ys)
		if err != nil {
			return nil, err
		}
		ysum := sha256.Sum256(append(raw, sum[:]...))
		list = append(list, Migration{
			ID:   "produtividade-" + hex.EncodeToString(ysum[:6]),
			What: "each vegetable's plausible yield (infra/seed) written onto its item",
			Step: func(ctx context.Context, s *store.Store, _ string) (string, bool, int, error) {
				err := s.SeedYields(ctx, ys)
				return "", err == nil, len(ys), err
			},
		})
	}
	if admins != nil {
		list = append(list, Migration{
			ID:   "admins-do-cognito",
			What: "the admins of Cognito's admin group become the admin role's record (store.SyncAdmins)",
			Step: func(ctx context.Context, s *store.Store, _ string) (string, bool, int, error) {
				members, err := admins(ctx)
				if err != nil {
					return "", false, 0, err
				}
				return "", true, len(members), s.SyncAdmins(ctx, members)
			},
		})
	}
	return list, nil
}

func directoryWords(ctx context.Context, s *store.Store, pos string) (string, bool, int, error) {
	if pos == "" {
		done, err := s.DirectoryWordsBackfilled(ctx) // ran before migrations were recorded
		if err != nil || done {
			return "", done, 0, err
		}
	}
	return pagedBackfill((*store.Store).BackfillDirectoryWordsPage)(ctx, s, pos)
}

// whole makes a step of a backfill that runs to its end in one call
// (idempotent: one cut short runs again from the start).
func whole(run func(*store.Store, context.Context) (int, error)) func(context.Context, *store.Store, string) (string, bool, int, error) {
	return func(ctx context.Context, s *store.Store, _ string) (string, bool, int, error) {
		n, err := run(s, ctx)
		return "", err == nil, n, err
	}
}

// pagedBackfill makes a step of a page function whose position is a key map.
func pagedBackfill(page func(*store.Store, context.Context, map[string]string) (map[string]string, int, error)) func(context.Context, *store.Store, string) (string, bool, int, error) {
	return func(ctx context.Context, s *store.Store, pos string) (string, bool, int, error) {
		var after map[string]string
		if pos != "" {
			if err := json.Unmarshal([]byte(pos), &after); err != nil {
				return pos, false, 0, fmt.Errorf("position %q: %w", pos, err)
			}
		}
		next, n, err := page(s, ctx, after)
		if err != nil {
			return pos, false, n, err
		}
		if next == nil {
			return "", true, n, nil
		}
		raw, err := json.Marshal(next)
		return string(raw), false, n, err
	}
}

// Report is what a run did.
type Report struct {
	Feitas    []string // done in this run
	Pendentes []string // not done yet (the run's time ran out)
	Ja        int      // done before this run
	Itens     int      // items the steps wrote
}

// Run runs every migration of list not yet done, in order, until they are all
// done or until is reached (a zero time: no limit), saving each one's
// position after every step. An error stops the run and is recorded on the
// migration (it goes on from its last position next time).
func Run(ctx context.Context, s *store.Store, list []Migration, until time.Time) (Report, error) {
	var rep Report
	recs, err := s.Migrations(ctx)
	if err != nil {
		return rep, err
	}
	for i, m := range list {
		rec, seen := recs[m.ID]
		if seen && rec.Status == store.MigrationDone {
			rep.Ja++
			continue
		}
		if !seen {
			rec = store.MigrationRecord{ID: m.ID, Status: store.MigrationRunning, IniciadaEm: time.Now().UTC().Format(time.RFC3339)}
		}
		rec.Execucoes++
		rec.Erro = ""
		for {
			if !until.IsZero() && time.Now().After(until) {
				for _, p := range list[i:] {
					rep.Pendentes = append(rep.Pendentes, p.ID)
				}
				return rep, s.SaveMigration(ctx, rec)
			}
			next, done, n, err := m.Step(ctx, s, rec.Posicao)
			rec.Itens += n
			rep.Itens += n
			if err != nil {
				rec.Erro = err.Error()
				if serr := s.SaveMigration(context.WithoutCancel(ctx), rec); serr != nil {
					slog.ErrorContext(ctx, "migration: saving its error failed", "migration", m.ID, "err", serr)
				}
				return rep, fmt.Errorf("migration %s: %w", m.ID, err)
			}
			rec.Posicao = next
			if done {
				rec.Status, rec.Posicao = store.MigrationDone, ""
				rec.ConcluidaEm = time.Now().UTC().Format(time.RFC3339)
				if err := s.SaveMigration(ctx, rec); err != nil {
					return rep, err
				}
				slog.InfoContext(ctx, "migration done", "migration", m.ID, "what", m.What, "items", rec.Itens, "runs", rec.Execucoes)
				rep.Feitas = append(rep.Feitas, m.ID)
				break
			}
			if err := s.SaveMigration(ctx, rec); err != nil {
				return rep, err
			}
		}
	}
	return rep, nil
}

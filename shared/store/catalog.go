package store

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// The catalogue: vegetables (VEG#<id>/META) and conquistas
// (CONQUISTA#<code>/META), each listed under its GSI1 partition (keys.go).
// ApplyCatalogSeed (migrations.go) writes them from infra/seed, as a data
// migration (shared/migrations) that the local cloud runs at every start and
// the deploy's Custom::Migrations on every create and update of a stack.

type vegetalItem struct {
	PK               string           `dynamodbav:"PK"`
	SK               string           `dynamodbav:"SK"`
	GSI1PK           string           `dynamodbav:"GSI1PK"`
	GSI1SK           string           `dynamodbav:"GSI1SK"`
	Type             string           `dynamodbav:"type"`
	ID               string           `dynamodbav:"id"`
	Nome             string           `dynamodbav:"nome"`
	DiasColheitaMin  int              `dynamodbav:"diasColheitaMin"`
	DiasColheitaMax  int              `dynamodbav:"diasColheitaMax"`
	Semeadura        map[string][]int `dynamodbav:"semeadura"`
	Espacamento      string           `dynamodbav:"espacamento"`
	EspacamentoFonte string           `dynamodbav:"espacamentoFonte"`
	Fonte            string           `dynamodbav:"fonte"`
	vegetalExtra
	Version  int    `dynamodbav:"version"`
	CriadoEm string `dynamodbav:"criadoEm"`
}

type conquistaItem struct {
	PK        string       `dynamodbav:"PK"`
	SK        string       `dynamodbav:"SK"`
	GSI1PK    string       `dynamodbav:"GSI1PK"`
	GSI1SK    string       `dynamodbav:"GSI1SK"`
	Type      string       `dynamodbav:"type"`
	Codigo    string       `dynamodbav:"codigo"`
	Nome      string       `dynamodbav:"nome"`
	Descricao string       `dynamodbav:"descricao"`
	Criterio  criterioAttr `dynamodbav:"criterio"`
	Version   int          `dynamodbav:"version"`
	CriadoEm  string       `dynamodbav:"criadoEm"`
}

// criterioAttr is a conquista's criterio, stored as a map.
type criterioAttr struct {
	Evento     string `dynamodbav:"evento"`
	Quantidade int    `dynamodbav:"quantidade"`
}

func newVegetalItem(v domain.Vegetal, now time.Time) vegetalItem {
	return vegetalItem{
		PK: VegetalPK(v.ID), SK: skMeta, GSI1PK: catalogVegetal, GSI1SK: v.ID, Type: "vegetable",
		ID: v.ID, Nome: v.Nome, DiasColheitaMin: v.DiasColheitaMin, DiasColheitaMax: v.DiasColheitaMax,
		Semeadura: v.Semeadura, Espacamento: v.Espacamento, EspacamentoFonte: v.EspacamentoFonte, Fonte: v.Fonte,
		vegetalExtra: extraOf(v), Version: 1, CriadoEm: fmtTime(now),
	}
}

func (it vegetalItem) domain() domain.Vegetal {
	v := domain.Vegetal{
		ID: it.ID, Nome: it.Nome, DiasColheitaMin: it.DiasColheitaMin, DiasColheitaMax: it.DiasColheitaMax,
		Semeadura: it.Semeadura, Espacamento: it.Espacamento, EspacamentoFonte: it.EspacamentoFonte, Fonte: it.Fonte,
	}
	it.vegetalExtra.into(&v)
	v.Version = it.Version
	return v
}

func newConquistaItem(c domain.Conquista, now time.Time) conquistaItem {
	return conquistaItem{
		PK: ConquistaPK(c.Codigo), SK: skMeta, GSI1PK: catalogConquista, GSI1SK: c.Codigo, Type: "conquista",
		Codigo: c.Codigo, Nome: c.Nome, Descricao: c.Descricao,
		Criterio: criterioAttr{Evento: c.Criterio.Evento, Quantidade: c.Criterio.Quantidade},
		Version:  1, CriadoEm: fmtTime(now),
	}
}

func (it conquistaItem) domain() domain.Conquista {
	return domain.Conquista{
		Codigo: it.Codigo, Nome: it.Nome, Descricao: it.Descricao,
		Criterio: domain.Criterio{Evento: it.Criterio.Evento, Quantidade: it.Criterio.Quantidade},
	}
}

// Batch limits of DynamoDB, and the rounds a batch write retries what it
// left unprocessed (throttling) before giving up.
const (
	batchGetMax      = 100
	batchWriteMax    = 25
	batchWriteRounds = 5
)

// maxCatalogPages bounds a catalogue read: tens of items, one page.
const maxCatalogPages = 10

// SeedCatalog writes every vegetable and conquista that the table does not
// have yet and returns how many items it wrote: tests load a catalogue with it
// (a deployed or local table gets the seed through ApplyCatalogSeed). Items already there (possibly
// edited by an admin) are kept as they are, so running it again writes
// nothing: one consistent BatchGetItem per 100 keys finds them, one
// BatchWriteItem per 25 missing items writes the rest, each retrying its
// unprocessed part a bounded number of times. Ids that could not be keys and
// duplicates are refused before anything is written.
func (s *Store) SeedCatalog(ctx context.Context, vegetais []domain.Vegetal, conquistas []domain.Conquista) (int, error) {
	defer s.forgetCatalogue()
	now := s.now()
	type entry struct {
		key  itemKey
		item any
	}
	entries := make([]entry, 0, len(vegetais)+len(conquistas))
	seen := map[itemKey]bool{}
	add := func(what, id string, item any, pk string) error {
		k := itemKey{pk, skMeta}
		if !validID(id) || seen[k] {
			return fmt.Errorf("seed catalogue: %s id %q is invalid or repeated", what, id)
		}
		seen[k] = true
		entries = append(entries, entry{k, item})
		return nil
	}
	for _, v := range vegetais {
		if err := add("vegetal", v.ID, newVegetalItem(v, now), VegetalPK(v.ID)); err != nil {
			return 0, err
		}
	}
	for _, c := range conquistas {
		if err := add("conquista", c.Codigo, newConquistaItem(c, now), ConquistaPK(c.Codigo)); err != nil {
			return 0, err
		}
	}

	existing := map[itemKey]bool{}
	for start := 0; start < len(entries); start += batchGetMax {
		keys := make([]itemKey, 0, batchGetMax)
		for _, e := range entries[start:min(start+batchGetMax, len(entries))] {
			keys = append(keys, e.key)
		}
		found, err := s.batchGet(ctx, keys...)
		if err != nil {
			return 0, fmt.Errorf("seed catalogue: %w", err)
		}
		for k := range found {
			existing[k] = true
		}
	}

	var missing []record
	for _, e := range entries {
		if existing[e.key] {
			continue
		}
		item, err := attributevalue.MarshalMap(e.item)
		if err != nil {
			return 0, fmt.Errorf("seed catalogue: encode %s: %w", e.key.PK, err)
		}
		missing = append(missing, item)
	}
	written := 0
	for start := 0; start < len(missing); start += batchWriteMax {
		chunk := missing[start:min(start+batchWriteMax, len(missing))]
		if err := s.batchPut(ctx, chunk); err != nil {
			return written, fmt.Errorf("seed catalogue: %w", err)
		}
		written += len(chunk)
	}
	return written, nil
}

// batchPut writes up to 25 items in one BatchWriteItem, then retries what
// DynamoDB left unprocessed at most batchWriteRounds-1 more times.
func (s *Store) batchPut(ctx context.Context, items []record) error {
	if len(items) > batchWriteMax {
		return fmt.Errorf("batch of %d items exceeds DynamoDB's %d", len(items), batchWriteMax)
	}
	req := make([]types.WriteRequest, 0, len(items))
	for _, it := range items {
		req = append(req, types.WriteRequest{PutRequest: &types.PutRequest{Item: it}})
	}
	for round := 0; len(req) > 0; round++ {
		if round == batchWriteRounds {
			return fmt.Errorf("batch write: %d items still unprocessed after %d rounds", len(req), round)
		}
		if round > 0 {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(time.Duration(50*round) * time.Millisecond):
			}
		}
		out, err := s.DB.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{
			RequestItems: map[string][]types.WriteRequest{s.Table: req},
		})
		if err != nil {
			return fmt.Errorf("batch write: %w", err)
		}
		req = out.UnprocessedItems[s.Table]
	}
	return nil
}

// Vegetais is the vegetable catalogue, in id order.
func (s *Store) Vegetais(ctx context.Context) ([]domain.Vegetal, error) {
	return queryAll(ctx, s, query{Index: IndexGSI1, PK: catalogVegetal, What: "vegetais"}, maxCatalogPages,
		func(r record) (domain.Vegetal, error) {
			it, err := unmarshal[vegetalItem](r, "vegetal")
			return it.domain(), err
		})
}

// Conquistas is the conquistas catalogue, in code order.
func (s *Store) Conquistas(ctx context.Context) ([]domain.Conquista, error) {
	return queryAll(ctx, s, query{Index: IndexGSI1, PK: catalogConquista, What: "conquistas"}, maxCatalogPages,
		func(r record) (domain.Conquista, error) {
			it, err := unmarshal[conquistaItem](r, "conquista")
			return it.domain(), err
		})
}

package store

import (
	"context"
	"fmt"
	"reflect"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// Data migrations (shared/migrations) record what ran, one item each:
//
//	item                         PK          SK       (attributes)
//	a data migration             MIGRATION   <id>     status (andamento|concluida), posicao, execucoes, erro, iniciadaEm, concluidaEm
//	the seed's last values       VEG#<id> or CONQUISTA#<code>   SEED   valores (what the catalogue seed last wrote)
//
// A migration's item holds its position between steps, so one that stopped
// (an error, the time it had) goes on from there; a done one is never run
// again.

const (
	pkMigration = "MIGRATION"
	skSeed      = "SEED"
	// MigrationDone and MigrationRunning are a migration's statuses.
	MigrationDone    = "concluida"
	MigrationRunning = "andamento"
)

// MigrationRecord is what the table knows of one migration.
type MigrationRecord struct {
	ID          string `dynamodbav:"id"`
	Status      string `dynamodbav:"status"`
	Posicao     string `dynamodbav:"posicao,omitempty"`
	Execucoes   int    `dynamodbav:"execucoes"`
	Itens       int    `dynamodbav:"itens"`
	Erro        string `dynamodbav:"erro,omitempty"`
	IniciadaEm  string `dynamodbav:"iniciadaEm,omitempty"`
	ConcluidaEm string `dynamodbav:"concluidaEm,omitempty"`
}

// Migrations are the records of every migration the table has seen (one
// Query: tens of items).
func (s *Store) Migrations(ctx context.Context) (map[string]MigrationRecord, error) {
	recs, err := queryAll(ctx, s, query{PK: pkMigration, Consistent: true, What: "migrations"}, maxCatalogPages, func(r record) (MigrationRecord, error) {
		return unmarshal[MigrationRecord](r, "migration")
	})
	if err != nil {
		return nil, err
	}
	out := make(map[string]MigrationRecord, len(recs))
	for _, r := range recs {
		out[r.ID] = r
	}
	return out, nil
}

// SaveMigration writes rec (its progress, its end, its last error).
func (s *Store) SaveMigration(ctx context.Context, rec MigrationRecord) error {
	item, err := attributevalue.MarshalMap(rec)
	if err != nil {
		return fmt.Errorf("encode migration: %w", err)
	}
	item[attrPK], item[attrSK], item["type"] = str(pkMigration), str(rec.ID), str("migration")
	if _, err := s.DB.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(s.Table), Item: item}); err != nil {
		return fmt.Errorf("save migration %s: %w", rec.ID, err)
	}
	return nil
}

// seedNotOwned are the attributes of a catalogue item that are not the
// seed's to set: its keys, its version and creation, the admin's archive flag.
var seedNotOwned = map[string]bool{attrPK: true, attrSK: true, attrGSI1PK: true, attrGSI1SK: true,
	"type": true, "version": true, "criadoEm": true, "arquivado": true}

// SeedResult is what applying the catalogue seed did.
type SeedResult struct {
	Criados, Atualizados, Preservados int // items written new, items updated, fields kept as an admin left them
}

// ApplyCatalogSeed brings the catalogue up to the seed (infra/seed): an item
// the table lacks is written; an existing one gets every seed field an admin
// has not edited. An edited field is one whose value is not what the seed
// last wrote there (kept in the item's SEED beside it). An item from before
// the SEED record counts as unedited when it is still at version 1 (every
// admin write raises the version); otherwise only the fields it lacks (new
// in the seed, such as care data) are filled in. Each changed item is one
// transaction: its fields, its version raised (an admin's form opened before
// gets the usual 409), its SEED. Running it again with the same seed writes
// nothing. Reads are BatchGetItem of 50 items with their SEED.
func (s *Store) ApplyCatalogSeed(ctx context.Context, vegetais []domain.Vegetal, conquistas []domain.Conquista) (SeedResult, error) {
	now := s.now()
	type entry struct {
		key  itemKey
		want record
	}
	var entries []entry
	seen := map[itemKey]bool{}
	add := func(what, id, pk string, v any) error {
		k := itemKey{pk, skMeta}
		if !validID(id) || seen[k] {
			return fmt.Errorf("seed catalogue: %s id %q is invalid or repeated", what, id)
		}
		seen[k] = true
		item, err := attributevalue.MarshalMap(v)
		if err != nil {
			return fmt.Errorf("seed catalogue: encode %s: %w", pk, err)
		}
		entries = append(entries, entry{k, item})
		return nil
	}
	for _, v := range vegetais {
		if err := add("vegetal", v.ID, VegetalPK(v.ID), newVegetalItem(v, now)); err != nil {
			return SeedResult{}, err
		}
	}
	for _, c := range conquistas {
		if err := add("conquista", c.Codigo, ConquistaPK(c.Codigo), newConquistaItem(c, now)); err != nil {
			return SeedResult{}, err
		}
	}
	var res SeedResult
	for start := 0; start < len(entries); start += batchGetMax / 2 {
		chunk := entries[start:min(start+batchGetMax/2, len(entries))]
		keys := make([]itemKey, 0, 2*len(chunk))
		for _, e := range chunk {
			keys = append(keys, e.key, itemKey{e.key.PK, skSeed})
		}
		have, err := s.batchGet(ctx, keys...)
		if err != nil {
			return res, fmt.Errorf("seed catalogue: %w", err)
		}
		for _, e := range chunk {
			if err := s.applySeedItem(ctx, e.key, e.want, have[e.key], have[itemKey{e.key.PK, skSeed}], &res); err != nil {
				return res, err
			}
		}
	}
	return res, nil
}

func (s *Store) applySeedItem(ctx context.Context, key itemKey, want, cur, seed record, res *SeedResult) error {
	owned := record{}
	for name, av := range want {
		if !seedNotOwned[name] {
			owned[name] = av
		}
	}
	seedItem := record{attrPK: str(key.PK), attrSK: str(skSeed), "type": str("catalogSeed"), "valores": &types.AttributeValueMemberM{Value: owned}}
	t := newTxn(s.Table)
	if cur == nil {
		t.put("item", want, "attribute_not_exists(PK)")
		t.put("seed", seedItem, "")
		res.Criados++
		return s.write(ctx, t)
	}
	var last record
	if m, ok := seed["valores"].(*types.AttributeValueMemberM); ok {
		last = m.Value
	}
	version := nInt(cur["version"])
	changes := record{}
	for name, av := range owned {
		var edited bool
		switch {
		case seed != nil:
			edited = !reflect.DeepEqual(cur[name], last[name])
		case version > 1:
			edited = cur[name] != nil // before SEED records: only what it lacks
		}
		if edited {
			if !reflect.DeepEqual(cur[name], av) {
				res.Preservados++
			}
			continue
		}
		if !reflect.DeepEqual(cur[name], av) {
			changes[name] = av
		}
	}
	if len(changes) == 0 && seed != nil && reflect.DeepEqual(last, owned) {
		return nil // nothing new in the seed for this item
	}
	if len(changes) > 0 {
		u := t.update("item", key.PK, key.SK)
		for name, av := range changes {
			u.set("%s = %s", u.n(name), u.v(av))
		}
		u.set("%s = %s", u.n("version"), u.v(num(version+1)))
		u.cond("%s = %s", u.n("version"), u.v(num(version)))
		res.Atualizados++
	}
	t.put("seed", seedItem, "")
	if err := s.write(ctx, t); err != nil {
		if cc, ok := isCancelled(err); ok && cc.failed("item") {
			return fmt.Errorf("seed catalogue: %s changed while the seed ran; run the migrations again", key.PK)
		}
		return fmt.Errorf("seed catalogue %s: %w", key.PK, err)
	}
	return nil
}

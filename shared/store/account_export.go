package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/verde-app/verde/shared/domain"
)

// The export of everything the table holds about one user (LGPD art. 18),
// read in pages: each call of the API reads one page of one section, at most
// limit items, so any account is exported in bounded requests the SPA
// assembles into one JSON file. Nothing of anyone else goes in: a cultivo
// shows its responsible and collaborators only where that is the user, and
// only the user's own diary entries and harvests are listed.

// ExportItem is one record of the export under its section ("perfil",
// "grupos", "cultivos", "diario", …): the stored attributes without keys.
type ExportItem struct {
	Secao string
	Dados map[string]any
}

// ExportSection reads one page of a section: items after the position
// (nil first), and the position of the next page (nil when the section is
// done; a page may be empty while a next one exists).
type ExportSection struct {
	Name string
	Page func(ctx context.Context, s *Store, uid string, limit int, after map[string]string) ([]ExportItem, map[string]string, error)
}

// AccountExport are the table's sections, in order. An area that keeps data
// about a user adds its section here (the feed: ExportFeedOfUser,
// account_hooks.go); the API adds the photos from the bucket.
var AccountExport = []ExportSection{
	{Name: "perfil", Page: exportProfile},
	{Name: "grupos", Page: exportQuery("grupos", func(uid string) query {
		return query{Index: IndexGSI1, PK: UserPK(uid), Prefix: prefixGroup, What: "memberships"}
	})},
	{Name: "pedidos", Page: exportQuery("pedidos", func(uid string) query {
		return query{Index: IndexGSI1, PK: requestsOf(uid), What: "join requests of a user"}
	})},
	{Name: "cultivos", Page: exportCultivos},
	{Name: "registros", Page: exportEntries},
	{Name: "notificacoes", Page: exportQuery("notificacoes", func(uid string) query {
		return query{PK: UserPK(uid), Prefix: prefixNotification, What: "notifications"}
	})},
	{Name: "pontos", Page: exportLedger},
	{Name: "feed", Page: ExportFeedOfUser},
	{Name: "outros", Page: exportOthers},
}

// hiddenAttrs are never exported: keys and bookkeeping.
// A notification's atorId names another member (atorNome is in its text).
var hiddenAttrs = []string{attrPK, attrSK, attrGSI1PK, attrGSI1SK, attrGSI2PK, attrGSI2SK, "version", attrExcluindo, "fingerprint", "body", "atorId", "atorNome"}

// plain is a stored item as JSON-ready values, without keys.
func plain(r record) (map[string]any, error) {
	m := map[string]any{}
	if err := attributevalue.UnmarshalMap(r, &m); err != nil {
		return nil, fmt.Errorf("decode export item: %w", err)
	}
	for _, a := range hiddenAttrs {
		delete(m, a)
	}
	return m, nil
}

func exportProfile(ctx context.Context, s *Store, uid string, _ int, _ map[string]string) ([]ExportItem, map[string]string, error) {
	it, err := s.getItem(ctx, UserPK(uid), skProfile, "profile")
	if err != nil || it == nil {
		return nil, nil, err
	}
	m, err := plain(it)
	if err != nil {
		return nil, nil, err
	}
	return []ExportItem{{Secao: "perfil", Dados: m}}, nil, nil
}

// exportQuery pages one query's items into a section as stored.
func exportQuery(secao string, q func(uid string) query) func(context.Context, *Store, string, int, map[string]string) ([]ExportItem, map[string]string, error) {
	return func(ctx context.Context, s *Store, uid string, limit int, after map[string]string) ([]ExportItem, map[string]string, error) {
		qq := q(uid)
		qq.Limit, qq.After = limit, after
		return queryPage(ctx, s, qq, func(r record) (ExportItem, error) {
			m, err := plain(r)
			return ExportItem{Secao: secao, Dados: m}, err
		})
	}
}

// exportCultivos: the cultivos the user wrote to (CULTOF#), read in one
// BatchGetItem per page, with other people's names left out.
func exportCultivos(ctx context.Context, s *Store, uid string, limit int, after map[string]string) ([]ExportItem, map[string]string, error) {
	refs, next, err := queryPage(ctx, s, query{PK: UserPK(uid), Prefix: prefixCultOf, Limit: limit, After: after, What: "cultivos of a user"}, func(r record) (record, error) { return r, nil })
	if err != nil || len(refs) == 0 {
		return nil, next, err
	}
	keys := keysOf(refs, cultivoMetaOf)
	items, err := s.batchGet(ctx, keys...)
	if err != nil {
		return nil, nil, err
	}
	out := []ExportItem{}
	for i, k := range keys {
		it := items[k]
		if it == nil {
			continue
		}
		m, err := plain(it)
		if err != nil {
			return nil, nil, err
		}
		if m["responsavelId"] != uid {
			delete(m, "responsavelId")
			delete(m, "responsavelNome")
		}
		if cols, ok := m["colaboradores"].([]any); ok {
			mine := []any{}
			for _, c := range cols {
				if cm, ok := c.(map[string]any); ok && cm["userId"] == uid {
					mine = append(mine, cm)
				}
			}
			m["colaboradores"] = mine
		}
		m["papel"] = sOf(refs[i]["papel"])
		out = append(out, ExportItem{Secao: "cultivos", Dados: m})
	}
	return out, next, nil
}

// exportEntries: the user's own diary entries and harvests, cultivo by
// cultivo (position: the CULTOF# item and, inside a long cultivo, the entry).
func exportEntries(ctx context.Context, s *Store, uid string, limit int, after map[string]string) ([]ExportItem, map[string]string, error) {
	cid := after["cultivo"]
	ref := after["ref"]
	if cid == "" {
		// The next cultivo after ref.
		in := &dynamodb.QueryInput{
			TableName:                 aws.String(s.Table),
			KeyConditionExpression:    aws.String("PK = :pk AND begins_with(SK, :p)"),
			ExpressionAttributeValues: record{":pk": str(UserPK(uid)), ":p": str(prefixCultOf)},
			Limit:                     aws.Int32(1),
		}
		if ref != "" {
			if !strings.HasPrefix(ref, prefixCultOf) {
				return nil, nil, errBadCursor()
			}
			in.ExclusiveStartKey = keyOf(UserPK(uid), ref)
		}
		out, err := s.DB.Query(ctx, in)
		if err != nil {
			return nil, nil, fmt.Errorf("query cultivos of a user: %w", err)
		}
		if len(out.Items) == 0 {
			return nil, nil, nil
		}
		ref, cid = sOf(out.Items[0][attrSK]), sOf(out.Items[0]["cultivoId"])
	}
	if !validID(cid) || !strings.HasPrefix(ref, prefixCultOf) {
		return nil, nil, errBadCursor()
	}
	in := &dynamodb.QueryInput{
		TableName:                 aws.String(s.Table),
		KeyConditionExpression:    aws.String("PK = :pk"),
		FilterExpression:          aws.String("autorId = :uid"),
		ExpressionAttributeValues: record{":pk": str(CultivoPK(cid)), ":uid": str(uid)},
		Limit:                     aws.Int32(int32(limit)),
	}
	if after["sk"] != "" {
		in.ExclusiveStartKey = keyOf(CultivoPK(cid), after["sk"])
	}
	out, err := s.DB.Query(ctx, in)
	if err != nil {
		return nil, nil, fmt.Errorf("query entries of a cultivo: %w", err)
	}
	items := []ExportItem{}
	for _, it := range out.Items {
		m, err := plain(it)
		if err != nil {
			return nil, nil, err
		}
		if strings.HasPrefix(sOf(it[attrSK]), prefixLogRef) {
			continue // a diary entry's pointer (undo.go): the entry itself is exported
		}
		secao := "diario"
		if strings.HasPrefix(sOf(it[attrSK]), prefixColheita) {
			secao = "colheitas"
		}
		items = append(items, ExportItem{Secao: secao, Dados: m})
	}
	if len(out.LastEvaluatedKey) > 0 {
		return items, map[string]string{"ref": ref, "cultivo": cid, "sk": sOf(out.LastEvaluatedKey[attrSK])}, nil
	}
	return items, map[string]string{"ref": ref}, nil
}

// exportOthers: whatever else the user's partition holds (daily counters,
// harvest totals, the unread counter, what areas add later), under its kind.
func exportOthers(ctx context.Context, s *Store, uid string, limit int, after map[string]string) ([]ExportItem, map[string]string, error) {
	rs, next, err := queryPage(ctx, s, query{PK: UserPK(uid), Limit: limit, After: after, What: "user items"}, func(r record) (record, error) { return r, nil })
	if err != nil {
		return nil, nil, err
	}
	out := []ExportItem{}
	for _, r := range rs {
		sk := sOf(r[attrSK])
		if sk == skProfile || strings.HasPrefix(sk, prefixNotification) || strings.HasPrefix(sk, prefixAward) || strings.HasPrefix(sk, prefixCultOf) ||
			strings.HasPrefix(sk, prefixMeusGrupos) || strings.HasPrefix(sk, prefixNotifMark) || // pointers to others' posts, read markers
			strings.HasPrefix(sk, prefixNotifBy) || strings.HasPrefix(sk, prefixNotifPost) { // pointers naming other members (notification_actors.go, comment_notices.go)
			continue
		}
		m, err := plain(r)
		if err != nil {
			return nil, nil, err
		}
		m["registro"] = sk
		out = append(out, ExportItem{Secao: "outros", Dados: m})
	}
	return out, next, nil
}

// exportLedger pages the user's points ledger. A point for a like received
// is kept under "<post>:<liker>": the liker is someone else, so the export
// names the post only.
func exportLedger(ctx context.Context, s *Store, uid string, limit int, after map[string]string) ([]ExportItem, map[string]string, error) {
	return queryPage(ctx, s, query{PK: UserPK(uid), Prefix: prefixAward, Limit: limit, After: after, What: "ledger"}, func(r record) (ExportItem, error) {
		m, err := plain(r)
		if ref, ok := m["ref"].(string); ok && m["motivo"] == domain.MotivoCurtidaRecebida {
			m["ref"], _, _ = strings.Cut(ref, ":")
		}
		return ExportItem{Secao: "pontos", Dados: m}, err
	})
}

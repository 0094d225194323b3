package store

import (
	"context"
	"fmt"
	"maps"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// CultivoFilter narrows a list of cultivos: one phase, or only the active
// ones (growing, not archived), and (for my list) one group ("pessoal" for
// Horta pessoal).
type CultivoFilter struct {
	Fase   domain.Fase
	Ativos bool
	Grupo  string
}

func (f CultivoFilter) scope() string {
	return fmt.Sprintf("%s|%t|%s", f.Fase, f.Ativos, f.Grupo)
}

// MyCultivosScope and GroupCultivosScope bind list cursors to their list.
func MyCultivosScope(uid string, f CultivoFilter) string {
	return "cultivos:mine|" + uid + "|" + f.scope()
}
func GroupCultivosScope(gid string, f CultivoFilter) string {
	return "cultivos:group|" + gid + "|" + f.scope()
}

// Which partition answers a filter (keys.go): a member's active cultivos
// are a partition of their own (GSI2 CULTSA#USER#), and so are a group's
// cultivos in one phase (GSI2 CULTS#GROUP#<gid>#<fase>); those lists, and
// the unfiltered ones, are one Query with Limit and always return full pages.
// The other combinations (/cultivos's phase or group filter over my list,
// the API's ativos=true over a group) read their partition with the filter
// and no Limit: DynamoDB evaluates up to 1 MB (some 5,000 of a member's
// CULTOF# items), the page keeps the first limit matches and its cursor
// continues after the last one kept. Such a page is short only when 1 MB was
// evaluated without filling it, and empty only when none of those 5,000
// matched.

// listPage reads one page of q, filtered by cond (nil: none).
func (s *Store) listPage(ctx context.Context, q query, cond *filter) ([]record, map[string]string, error) {
	if !q.positionFits() {
		return nil, nil, errBadCursor()
	}
	in := q.input(s.Table)
	if cond == nil || len(cond.conds) == 0 {
		out, err := s.DB.Query(ctx, in)
		if err != nil {
			return nil, nil, fmt.Errorf("query %s: %w", q.What, err)
		}
		return out.Items, lastKey(out.LastEvaluatedKey), nil
	}
	in.Limit = nil
	in.FilterExpression = aws.String(strings.Join(cond.conds, " AND "))
	in.ExpressionAttributeNames = cond.names
	maps.Copy(in.ExpressionAttributeValues, cond.values)
	out, err := s.DB.Query(ctx, in)
	if err != nil {
		return nil, nil, fmt.Errorf("query %s: %w", q.What, err)
	}
	items, next := firstOf(out.Items, lastKey(out.LastEvaluatedKey), q)
	return items, next, nil
}

// filter is a FilterExpression under construction.
type filter struct {
	conds  []string
	names  map[string]string
	values record
}

func (f *filter) eq(attr string, v types.AttributeValue) {
	if f.names == nil {
		f.names, f.values = map[string]string{}, record{}
	}
	n := fmt.Sprintf("#f%d", len(f.conds))
	f.names[n] = attr
	f.values[":"+n[1:]] = v
	f.conds = append(f.conds, n+" = :"+n[1:])
}

// grupoValue is the stored grupoId a ?grupo= names ("pessoal": none).
func grupoValue(g string) string {
	if g == "pessoal" {
		return ""
	}
	return g
}

// MyCultivos is one page of the cultivos the user is responsible for or
// helps with, newest first: one Query of their CULTOF# items (the active
// ones' partition for ativos) and one BatchGetItem of the cultivos.
func (s *Store) MyCultivos(ctx context.Context, uid string, f CultivoFilter, limit int, after map[string]string) ([]domain.Cultivo, map[string]string, error) {
	q := query{Index: IndexGSI1, PK: cultsOfUser(uid), Limit: limit, After: after, NewestFirst: true, What: "my cultivos"}
	if f.Ativos {
		q.Index, q.PK = IndexGSI2, activeCultsOfUser(uid)
	}
	var cond filter
	if f.Fase != "" {
		cond.eq("fase", str(string(f.Fase)))
	}
	if f.Grupo != "" {
		cond.eq("grupoId", str(grupoValue(f.Grupo)))
	}
	refs, next, err := s.listPage(ctx, q, &cond)
	if err != nil {
		return nil, nil, err
	}
	keys := make([]itemKey, 0, len(refs))
	for _, r := range refs {
		it, err := unmarshal[cultRefItem](r, "cultivo ref")
		if err != nil {
			return nil, nil, err
		}
		keys = append(keys, itemKey{CultivoPK(it.CultivoID), skMeta})
	}
	items, err := s.batchGet(ctx, keys...)
	if err != nil {
		return nil, nil, err
	}
	out := make([]domain.Cultivo, 0, len(keys))
	for _, k := range keys {
		if r := items[k]; r != nil {
			c, err := decodeCultivo(r)
			if err != nil {
				return nil, nil, err
			}
			out = append(out, c)
		}
	}
	return out, next, nil
}

// GroupCultivos is one page of a group's cultivos, newest first (one phase's
// partition when f names one): one Query.
func (s *Store) GroupCultivos(ctx context.Context, gid string, f CultivoFilter, limit int, after map[string]string) ([]domain.Cultivo, map[string]string, error) {
	q := query{Index: IndexGSI1, PK: cultsOfGroup(gid), Limit: limit, After: after, NewestFirst: true, What: "group cultivos"}
	if f.Fase != "" {
		q.Index, q.PK = IndexGSI2, cultsOfGroupFase(gid, f.Fase)
	}
	var cond filter
	if f.Ativos {
		cond.eq("ativo", boolean(true))
	}
	recs, next, err := s.listPage(ctx, q, &cond)
	if err != nil {
		return nil, nil, err
	}
	out := make([]domain.Cultivo, 0, len(recs))
	for _, r := range recs {
		c, err := decodeCultivo(r)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, c)
	}
	return out, next, nil
}

// DiarioScope and ColheitasScope bind cursors to their cultivo.
func DiarioScope(cid string) string    { return "cultivos:diario|" + cid }
func ColheitasScope(cid string) string { return "cultivos:colheitas|" + cid }

// Diario is one page of a cultivo's diary, newest first, for a reader: one
// BatchGetItem (the cultivo, the caller's profile) and one Query.
func (s *Store) Diario(ctx context.Context, cid string, actor Actor, limit int, after map[string]string) ([]domain.DiarioEntry, map[string]string, error) {
	if _, err := s.readCultivo(ctx, cid, actor); err != nil {
		return nil, nil, err
	}
	return queryPage(ctx, s, query{PK: CultivoPK(cid), Prefix: prefixDiario, Limit: limit, After: after, NewestFirst: true, What: "diary"}, decodeDiario)
}

// Colheitas is one page of a cultivo's harvests (in id order: UUIDv7, so
// oldest first), for a reader: one BatchGetItem and one Query.
func (s *Store) Colheitas(ctx context.Context, cid string, actor Actor, limit int, after map[string]string) ([]domain.Colheita, map[string]string, error) {
	if _, err := s.readCultivo(ctx, cid, actor); err != nil {
		return nil, nil, err
	}
	return queryPage(ctx, s, query{PK: CultivoPK(cid), Prefix: prefixColheita, Limit: limit, After: after, NewestFirst: true, What: "harvests"}, decodeColheita)
}

// MarshalCultivoItems are the items of a cultivo as CreateCultivo writes them
// (the cultivo and one CULTOF# per writer), for tests and tools that fill a
// table in bulk.
func MarshalCultivoItems(c domain.Cultivo) ([]map[string]types.AttributeValue, error) {
	t := newTxn("")
	t.putItem(itemCultivo, toCultivoItem(c), "")
	putRefs(t, c)
	if t.err != nil {
		return nil, t.err
	}
	out := make([]map[string]types.AttributeValue, 0, len(t.items))
	for _, it := range t.items {
		out = append(out, it.Put.Item)
	}
	return out, nil
}

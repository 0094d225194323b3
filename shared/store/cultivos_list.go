package store

import (
	"context"
	"fmt"

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

// filteredPage is queryPage with the filter's FilterExpression (a page may
// hold fewer than limit items while a next page exists).
func (s *Store) filteredPage(ctx context.Context, q query, f CultivoFilter, group bool) ([]record, map[string]string, error) {
	in := q.input(s.Table)
	var conds []string
	names := map[string]string{}
	if f.Fase != "" {
		conds = append(conds, "#fase = :fase")
		names["#fase"] = "fase"
		in.ExpressionAttributeValues[":fase"] = str(string(f.Fase))
	}
	if f.Ativos {
		conds = append(conds, "#ativo = :ativo")
		names["#ativo"] = "ativo"
		in.ExpressionAttributeValues[":ativo"] = boolean(true)
	}
	if group && f.Grupo != "" {
		conds = append(conds, "#grupo = :grupo")
		names["#grupo"] = "grupoId"
		g := f.Grupo
		if g == "pessoal" {
			g = ""
		}
		in.ExpressionAttributeValues[":grupo"] = str(g)
	}
	if len(conds) > 0 {
		expr := conds[0]
		for _, c := range conds[1:] {
			expr += " AND " + c
		}
		in.FilterExpression = aws.String(expr)
		in.ExpressionAttributeNames = names
	}
	out, err := s.DB.Query(ctx, in)
	if err != nil {
		return nil, nil, fmt.Errorf("query %s: %w", q.What, err)
	}
	return out.Items, lastKey(out.LastEvaluatedKey), nil
}

// MyCultivos is one page of the cultivos the user is responsible for or
// helps with, newest first: one Query of their CULTOF# items (filtered) and
// one BatchGetItem of the cultivos.
func (s *Store) MyCultivos(ctx context.Context, uid string, f CultivoFilter, limit int, after map[string]string) ([]domain.Cultivo, map[string]string, error) {
	refs, next, err := s.filteredPage(ctx, query{Index: IndexGSI1, PK: cultsOfUser(uid), Limit: limit, After: after, NewestFirst: true, What: "my cultivos"}, f, true)
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

// GroupCultivos is one page of a group's cultivos, newest first: one Query.
func (s *Store) GroupCultivos(ctx context.Context, gid string, f CultivoFilter, limit int, after map[string]string) ([]domain.Cultivo, map[string]string, error) {
	recs, next, err := s.filteredPage(ctx, query{Index: IndexGSI1, PK: cultsOfGroup(gid), Limit: limit, After: after, NewestFirst: true, What: "group cultivos"}, f, false)
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

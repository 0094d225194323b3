package store

import (
	"context"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// The coordinator's report (domain/relatorio.go) reads per-month totals the
// acts keep, never the raw items, so a report of a period costs the same
// whatever the group's history:
//
//	item                 PK            SK                  attributes (flat names, one per key)
//	a month of a group   GROUP#<gid>   REL#<yyyy-mm>       colheitas, kg, kgDestino#<destino>, kgVeg#<vid>, nomeVeg#<vid>,
//	                                                       kgLote#<codigo>, kgMembro#<uid>, colhMembro#<uid>, nomeMembro#<uid>,
//	                                                       minutos, minMembro#<uid>, minAtiv#<key>, nomeAtiv#<key>,
//	                                                       mut#<mid> (titulo|inicio), mutPres#<mid>, mutMin#<mid>, mutIns#<mid>,
//	                                                       partilhaKg, partMembro#<uid> (kg a member gave away through partilha)
//	a year of a group    GROUP#<gid>   RELANO#<yyyy>       kg, kgDestino#doado, minutos, mutiroes (held: with a presence)
//
// Every act adds its part in its own transaction (ADD on numbers, SET on
// names), months by the act's own date in Brasília (a harvest's data, a
// mutirão's day, an escala turn's day). A report of up to 24 months is one
// Query of REL#<from>…REL#<to>; the public impact is one item of the year.

const (
	prefixRelMes = "REL#"
	prefixRelAno = "RELANO#"
)

func RelMesSK(month string) string { return prefixRelMes + month }
func RelAnoSK(year string) string  { return prefixRelAno + year }

// relMes is the month item of day (a Brasília date at midnight UTC).
func relMes(day time.Time) string { return day.Format("2006-01") }
func relAno(day time.Time) string { return day.Format("2006") }

// relChange is one act's volunteer minutes.
type relChange struct {
	minutos        map[string]int    // by member
	nomes          map[string]string // member names
	atividade      string            // mutirao:<mid> or escala:<eid>
	atividadeNome  string
	mutirao        *domain.Mutirao // a mutirão's presence: its row of the report
	presentesDelta int
}

// relMinutes adds volunteer minutes to the group's month and year of day.
func (t *txn) relMinutes(gid string, day time.Time, ch relChange) {
	total := 0
	for _, m := range ch.minutos {
		total += m
	}
	mu := t.update(itemRelMes, GroupPK(gid), RelMesSK(relMes(day)))
	mu.set("%s = %s", mu.n("type"), mu.v(str("relatorioMes")))
	mu.incr("minutos", total)
	for uid, m := range ch.minutos {
		mu.incr("minMembro#"+uid, m)
		mu.set("%s = %s", mu.n("nomeMembro#"+uid), mu.v(str(ch.nomes[uid])))
	}
	if ch.atividade != "" {
		mu.incr("minAtiv#"+ch.atividade, total)
		mu.set("%s = %s", mu.n("nomeAtiv#"+ch.atividade), mu.v(str(ch.atividadeNome)))
	}
	ay := t.update(itemRelAno, GroupPK(gid), RelAnoSK(relAno(day)))
	ay.set("%s = %s", ay.n("type"), ay.v(str("relatorioAno")))
	ay.incr("minutos", total)
	if m := ch.mutirao; m != nil {
		id := m.ID
		mu.set("%s = %s", mu.n("mut#"+id), mu.v(str(m.Titulo+"|"+fmtTime(m.Inicio))))
		mu.incr("mutPres#"+id, ch.presentesDelta)
		mu.incr("mutMin#"+id, total)
		_, inscritos, _ := m.Vagas()
		mu.set("%s = %s", mu.n("mutIns#"+id), mu.v(num(inscritos)))
		// A mutirão counts as held from its first recorded presence.
		switch {
		case m.Presentes == 0 && ch.presentesDelta > 0:
			ay.incr("mutiroes", 1)
		case m.Presentes > 0 && m.Presentes+ch.presentesDelta == 0:
			ay.incr("mutiroes", -1)
		}
	}
}

// relColheitaChange moves a group's report by a harvest corrected (before →
// after) or deleted (after nil): the net change of each total, one update
// of each month and year item it touches (a transaction may not name an
// item, or an attribute, twice).
func (t *txn) relColheitaChange(c domain.Cultivo, before, after *domain.Colheita) {
	if c.GrupoID == "" {
		return
	}
	type totals struct {
		year   bool
		ints   map[string]int
		floats map[string]float64
		names  map[string]string
	}
	items := map[string]*totals{}
	var order []string
	item := func(sk string, year bool) *totals {
		if it, ok := items[sk]; ok {
			return it
		}
		it := &totals{year: year, ints: map[string]int{}, floats: map[string]float64{}, names: map[string]string{}}
		items[sk] = it
		order = append(order, sk)
		return it
	}
	apply := func(h *domain.Colheita, sign int) {
		if h == nil {
			return
		}
		day, ok := domain.ParseDate(h.Data)
		if !ok {
			return
		}
		kg := domain.KgOf(*h) * float64(sign)
		m := item(RelMesSK(relMes(day)), false)
		m.ints["colheitas"] += sign
		m.ints["colhMembro#"+h.AutorID] += sign
		m.names["nomeMembro#"+h.AutorID] = h.AutorNome
		m.names["nomeVeg#"+c.VegetalID] = c.VegetalNome
		y := item(RelAnoSK(relAno(day)), true)
		if kg != 0 {
			for _, attr := range []string{"kg", "kgDestino#" + h.Destino, "kgVeg#" + c.VegetalID, "kgMembro#" + h.AutorID} {
				m.floats[attr] += kg
			}
			if c.LoteCodigo != "" {
				m.floats["kgLote#"+c.LoteCodigo] += kg
			}
			y.floats["kg"] += kg
			y.floats["kgDestino#"+h.Destino] += kg
		}
	}
	apply(before, -1)
	apply(after, 1)
	for _, sk := range order {
		it := items[sk]
		name, typ := itemRelMes, "relatorioMes"
		if it.year {
			name, typ = itemRelAno, "relatorioAno"
		}
		u := t.update(name, GroupPK(c.GrupoID), sk)
		u.set("%s = %s", u.n("type"), u.v(str(typ)))
		for _, a := range slices.Sorted(maps.Keys(it.ints)) {
			u.incr(a, it.ints[a])
		}
		for _, a := range slices.Sorted(maps.Keys(it.floats)) {
			if d := it.floats[a]; math.Abs(d) > 1e-9 {
				u.add("%s %s", u.n(a), u.v(floatAV(d)))
			}
		}
		for _, a := range slices.Sorted(maps.Keys(it.names)) {
			u.set("%s = %s", u.n(a), u.v(str(it.names[a])))
		}
	}
}

// relColheita adds a harvest to its group's month and year (the harvest act
// calls it in its transaction; a harvest outside a group counts nowhere).
func (t *txn) relColheita(c domain.Cultivo, h domain.Colheita) {
	if c.GrupoID == "" {
		return
	}
	day, ok := domain.ParseDate(h.Data)
	if !ok {
		return
	}
	kg := domain.KgOf(h)
	mu := t.update(itemRelMes, GroupPK(c.GrupoID), RelMesSK(relMes(day)))
	mu.set("%s = %s", mu.n("type"), mu.v(str("relatorioMes")))
	mu.incr("colheitas", 1)
	mu.incr("colhMembro#"+h.AutorID, 1)
	mu.set("%s = %s", mu.n("nomeMembro#"+h.AutorID), mu.v(str(h.AutorNome)))
	if kg > 0 {
		for _, attr := range []string{"kg", "kgDestino#" + h.Destino, "kgVeg#" + c.VegetalID, "kgMembro#" + h.AutorID} {
			mu.add("%s %s", mu.n(attr), mu.v(floatAV(kg)))
		}
		if c.LoteCodigo != "" {
			mu.add("%s %s", mu.n("kgLote#"+c.LoteCodigo), mu.v(floatAV(kg)))
		}
	}
	mu.set("%s = %s", mu.n("nomeVeg#"+c.VegetalID), mu.v(str(c.VegetalNome)))
	ay := t.update(itemRelAno, GroupPK(c.GrupoID), RelAnoSK(relAno(day)))
	ay.set("%s = %s", ay.n("type"), ay.v(str("relatorioAno")))
	if kg > 0 {
		ay.add("%s %s", ay.n("kg"), ay.v(floatAV(kg)))
		ay.add("%s %s", ay.n("kgDestino#"+h.Destino), ay.v(floatAV(kg)))
	}
}

// relPartilha adds kg a member gave away through partilha to the month of day.
func (t *txn) relPartilha(gid, uid, nome string, kg float64, day time.Time) {
	if kg <= 0 {
		return
	}
	mu := t.update(itemRelMes, GroupPK(gid), RelMesSK(relMes(day)))
	mu.set("%s = %s", mu.n("type"), mu.v(str("relatorioMes")))
	mu.add("%s %s", mu.n("partilhaKg"), mu.v(floatAV(kg)))
	mu.add("%s %s", mu.n("partMembro#"+uid), mu.v(floatAV(kg)))
	mu.set("%s = %s", mu.n("nomeMembro#"+uid), mu.v(str(nome)))
}

// decodeRelMes reads a month item into the domain's month of totals.
func decodeRelMes(r record) (domain.RelatorioMes, error) {
	m := domain.NewRelatorioMes(strings.TrimPrefix(sOf(r[attrSK]), prefixRelMes))
	// The per-id totals and names: attribute <key>#<id>.
	kg := map[string]map[string]float64{"kgDestino": m.KgDestino, "kgVeg": m.KgVegetal, "kgLote": m.KgLote,
		"kgMembro": m.KgMembro, "partMembro": m.PartilhaMembro}
	counts := map[string]map[string]int{"colhMembro": m.ColheitasMembro, "minMembro": m.MinMembro, "minAtiv": m.MinAtividade}
	names := map[string]map[string]string{"nomeVeg": m.NomeVegetal, "nomeMembro": m.NomeMembro, "nomeAtiv": m.NomeAtividade}
	for name, av := range r {
		key, id, _ := strings.Cut(name, "#")
		if t, ok := kg[key]; ok {
			t[id] += floatOf(av)
			continue
		}
		if t, ok := counts[key]; ok {
			t[id] += intOf(av)
			continue
		}
		if t, ok := names[key]; ok {
			t[id] = sOf(av)
			continue
		}
		switch key {
		case "colheitas":
			m.Colheitas = intOf(av)
		case "kg":
			m.Kg = floatOf(av)
		case "minutos":
			m.Minutos = intOf(av)
		case "partilhaKg":
			m.PartilhaKg = floatOf(av)
		case "mut":
			titulo, inicio, _ := strings.Cut(sOf(av), "|")
			mt := m.Mutiroes[id]
			mt.ID, mt.Titulo, mt.Inicio = id, titulo, parseTime(inicio)
			m.Mutiroes[id] = mt
		case "mutPres", "mutMin", "mutIns":
			mt := m.Mutiroes[id]
			mt.ID = id
			switch key {
			case "mutPres":
				mt.Presentes = intOf(av)
			case "mutMin":
				mt.Minutos = intOf(av)
			default:
				mt.Inscritos = intOf(av)
			}
			m.Mutiroes[id] = mt
		}
	}
	return m, nil
}

// Relatorio is the months from..to (yyyy-mm, at most domain.MaxMesesRelatorio)
// of a group's totals: one Query (the group was read by the caller).
func (s *Store) Relatorio(ctx context.Context, gid string, p domain.PeriodoRelatorio) ([]domain.RelatorioMes, error) {
	return queryRangeAll(ctx, s, rangeQuery{PK: GroupPK(gid), From: RelMesSK(p.De), To: RelMesSK(p.Ate), What: "report of " + gid}, 4, decodeRelMes)
}

// ImpactoAno is a group's totals of one year: one GetItem.
func (s *Store) ImpactoAno(ctx context.Context, gid, year string) (domain.Impacto, error) {
	r, err := s.getItem(ctx, GroupPK(gid), RelAnoSK(year), "impacto")
	if err != nil {
		return domain.Impacto{}, err
	}
	return decodeImpacto(year, r), nil
}

func decodeImpacto(year string, r record) domain.Impacto {
	return domain.Impacto{Ano: year, KgDoado: floatOf(r["kgDestino#doado"]), Kg: floatOf(r["kg"]),
		Minutos: intOf(r["minutos"]), Mutiroes: intOf(r["mutiroes"])}
}

// queryRangeAll follows a rangeQuery's pages, at most maxPages.
func queryRangeAll[T any](ctx context.Context, s *Store, q rangeQuery, maxPages int, decode func(record) (T, error)) ([]T, error) {
	out, _, err := followPages(q.After, maxPages, func(after map[string]string) ([]T, map[string]string, error) {
		q.After = after
		return rangePage(ctx, s, q, decode)
	})
	return out, err
}

// skImpacto is the dono's choice to show the group's impact publicly.
const skImpacto = "IMPACTO"

// ImpactoView is a group's impact of a year and whether visitors see it.
type ImpactoView struct {
	Impacto domain.Impacto
	Publico bool
}

// Impacto reads a group's impact of year: to anyone when its dono made it
// public (and the group is público), to members and site admins always. One
// BatchGetItem.
func (s *Store) Impacto(ctx context.Context, gid string, actor Actor, year string) (ImpactoView, error) {
	if !validID(gid) {
		return ImpactoView{}, domain.ErrGroupNotFound()
	}
	keys := []itemKey{{GroupPK(gid), skMeta}, {GroupPK(gid), skImpacto}, {GroupPK(gid), RelAnoSK(year)}}
	if actor.ID != "" {
		keys = append(keys, itemKey{GroupPK(gid), MemberSK(actor.ID)})
	}
	v, items, err := s.readView(ctx, gid, actor.ID, keys...)
	if err != nil {
		return ImpactoView{}, err
	}
	a := v.Access(actor.ID, actor.Admin)
	pub := false
	if b, ok := items[itemKey{GroupPK(gid), skImpacto}]["publico"].(*types.AttributeValueMemberBOOL); ok {
		pub = b.Value
	}
	out := ImpactoView{Impacto: decodeImpacto(year, items[itemKey{GroupPK(gid), RelAnoSK(year)}]), Publico: pub}
	if a.Member() || a.Admin {
		return out, nil
	}
	if !a.Sees(v.Group) {
		return ImpactoView{}, domain.ErrGroupNotFound()
	}
	if !pub {
		return ImpactoView{}, domain.ErrImpactoPrivado()
	}
	return out, nil
}

// SetImpactoPublico records the dono's choice: one BatchGetItem (through
// Impacto) and one TransactWriteItems.
func (s *Store) SetImpactoPublico(ctx context.Context, gid string, actor Actor, publico bool, year string) (ImpactoView, error) {
	st, err := s.readGroupState(ctx, gid, actor, domain.Access.CanPublishImpacto, itemKey{GroupPK(gid), RelAnoSK(year)})
	if err != nil {
		return ImpactoView{}, err
	}
	t := newTxn(s.Table)
	t.put("impacto", record{attrPK: str(GroupPK(gid)), attrSK: str(skImpacto), "type": str("impacto"),
		"publico": boolean(publico), "atualizadoEm": str(fmtTime(s.now()))}, "")
	requireMeta(t, gid)
	requireOwner(t, gid, actor.ID)
	if err := s.write(ctx, t); err != nil {
		if c, ok := isCancelled(err); ok && c.failed(itemActor) {
			return ImpactoView{}, domain.ErrSoDonoImpacto()
		}
		if c, ok := isCancelled(err); ok && c.failed(itemMeta) {
			return ImpactoView{}, domain.ErrGroupNotFound()
		}
		return ImpactoView{}, err
	}
	return ImpactoView{Impacto: decodeImpacto(year, st.items[itemKey{GroupPK(gid), RelAnoSK(year)}]), Publico: publico}, nil
}

// anonymizeRelatorios moves a deleted member's lines of a group's monthly
// reports (kgMembro#<uid>, colhMembro#<uid>, minMembro#<uid>,
// partMembro#<uid> and the name) to one anonymous line, RemovedUserName's:
// the group keeps its totals, no item keeps the member. One Query of the
// group's month items (a page per year of history), one UpdateItem per month
// the member appears in. The account's erasure calls it per group.
func (s *Store) anonymizeRelatorios(ctx context.Context, gid, uid string) error {
	months, err := queryAll(ctx, s, query{PK: GroupPK(gid), Prefix: prefixRelMes, What: "group report months"}, maxGroupPages, func(r record) (record, error) { return r, nil })
	if err != nil {
		return err
	}
	for _, it := range months {
		u := newUpd()
		found := false
		for name, av := range it {
			key, id, ok := strings.Cut(name, "#")
			if !ok || id != uid {
				continue
			}
			found = true
			u.remove(u.n(name))
			if key == "nomeMembro" {
				continue
			}
			if n, ok := av.(*types.AttributeValueMemberN); ok {
				u.add("%s %s", u.n(key+"#"+anonymousMember), u.v(&types.AttributeValueMemberN{Value: n.Value}))
			}
		}
		if !found {
			continue
		}
		u.set("%s = %s", u.n("nomeMembro#"+anonymousMember), u.v(str(RemovedUserName)))
		u.cond("attribute_exists(PK)")
		in := &dynamodb.UpdateItemInput{TableName: aws.String(s.Table), Key: keyOf(sOf(it[attrPK]), sOf(it[attrSK])),
			UpdateExpression: u.expression(), ConditionExpression: u.condition(),
			ExpressionAttributeNames: u.attrNames(), ExpressionAttributeValues: u.attrValues()}
		if _, err := s.DB.UpdateItem(ctx, in); err != nil {
			return fmt.Errorf("anonymize report %s: %w", sOf(it[attrSK]), err)
		}
	}
	return nil
}

// anonymousMember is the report's line of deleted members.
const anonymousMember = "removido"

package store

import (
	"context"
	"slices"
	"strconv"
	"time"

	"github.com/verde-app/verde/shared/domain"
)

// Harvests. A harvest is recorded as the member sends it, but it counts
// (points, the member's and the group's totals, conquistas, the site's
// statistics and the groups' ranking) only when it is plausible
// (domain.AvaliarColheita): a harvest too early for its vegetable, or more
// than what was planted plausibly gives, is "a confirmar" until a
// coordinator of the group (or domain.Rules' confirmacoesColheita other
// members) confirms it; a Horta pessoal harvest of that kind stays out of
// everything. A counted harvest pays under domain.AwardColheitaPaga (the
// first of a cultivo the rule's value, later ones less, one a day).
//
// Its author corrects or deletes it within the rules' window: every change
// is the harvest's old effects taken out and its new ones put in, in one
// transaction, so the points (a reversal row in the ledger), totals and
// rankings always follow what is recorded.
//
// A pending harvest of a group cultivo is listed under GSI1
// ACONFIRMAR#<gid> / <time>#<hid> for the group's coordinators.

type colheitaItem struct {
	PK            string   `dynamodbav:"PK"`
	SK            string   `dynamodbav:"SK"`
	Type          string   `dynamodbav:"type"`
	ID            string   `dynamodbav:"id"`
	CultivoID     string   `dynamodbav:"cultivoId"`
	Quantidade    float64  `dynamodbav:"quantidade"`
	Unidade       string   `dynamodbav:"unidade"`
	Data          string   `dynamodbav:"data"`
	Destino       string   `dynamodbav:"destino"`
	Foto          string   `dynamodbav:"foto"`
	AutorID       string   `dynamodbav:"autorId"`
	AutorNome     string   `dynamodbav:"autorNome"`
	Pontos        int      `dynamodbav:"pontos"`
	CriadoEm      string   `dynamodbav:"criadoEm"`
	Status        string   `dynamodbav:"status,omitempty"`
	Duvida        string   `dynamodbav:"duvida,omitempty"`
	Confirmacoes  []string `dynamodbav:"confirmacoes,omitempty"`
	ConfirmadaPor string   `dynamodbav:"confirmadaPor,omitempty"`
	EditadaEm     string   `dynamodbav:"editadaEm,omitempty"`
	PagoRef       string   `dynamodbav:"pagoRef,omitempty"`
	DiaContado    string   `dynamodbav:"diaContado,omitempty"`
	Pagamentos    int      `dynamodbav:"pagamentos,omitempty"`
	GrupoID       string   `dynamodbav:"grupoId,omitempty"`
	VegetalNome   string   `dynamodbav:"vegetalNome,omitempty"`
	Version       int      `dynamodbav:"version"`
	GSI1PK        string   `dynamodbav:"GSI1PK,omitempty"`
	GSI1SK        string   `dynamodbav:"GSI1SK,omitempty"`
}

const (
	itemDiarioColheita = "diario"
	pendingPrefix      = "ACONFIRMAR#"
)

func pendingPK(gid string) string { return pendingPrefix + gid }

func colheitaItemOf(h domain.Colheita, gid string, version int) colheitaItem {
	it := colheitaItem{
		PK: CultivoPK(h.CultivoID), SK: ColheitaSK(h.ID), Type: "colheita", ID: h.ID, CultivoID: h.CultivoID, Quantidade: h.Quantidade,
		Unidade: h.Unidade, Data: h.Data, Destino: h.Destino, Foto: h.Foto, AutorID: h.AutorID, AutorNome: h.AutorNome,
		Pontos: h.Pontos, CriadoEm: fmtTime(h.CriadoEm), Status: h.Status, Duvida: h.Duvida, Confirmacoes: h.Confirmacoes,
		ConfirmadaPor: h.ConfirmadaPor, PagoRef: h.PagoRef, DiaContado: h.DiaContado, Pagamentos: h.Pagamentos, GrupoID: gid, Version: version,
		VegetalNome: h.VegetalNome,
	}
	if h.EditadaEm != nil {
		it.EditadaEm = fmtTime(*h.EditadaEm)
	}
	if !h.Conta() && gid != "" {
		it.GSI1PK, it.GSI1SK = pendingPK(gid), fmtTime(h.CriadoEm)+"#"+h.ID
	}
	return it
}

func (it colheitaItem) colheita() domain.Colheita {
	h := domain.Colheita{
		ID: it.ID, CultivoID: it.CultivoID, Quantidade: it.Quantidade, Unidade: it.Unidade, Data: it.Data, Destino: it.Destino,
		Foto: it.Foto, AutorID: it.AutorID, AutorNome: it.AutorNome, Pontos: it.Pontos, CriadoEm: parseTime(it.CriadoEm),
		Status: it.Status, Duvida: it.Duvida, Confirmacoes: it.Confirmacoes, ConfirmadaPor: it.ConfirmadaPor, VegetalNome: it.VegetalNome,
		PagoRef: it.PagoRef, DiaContado: it.DiaContado, Pagamentos: it.Pagamentos, EditadaEm: parseTimePtr(&it.EditadaEm),
	}
	if h.Status == "" {
		h.Status = domain.ColheitaConfirmada // recorded before confirmations: every harvest counted and paid
		if h.PagoRef == "" && h.Pontos > 0 {
			h.PagoRef, h.Pagamentos = h.ID, 1
		}
		if h.DiaContado == "" {
			h.DiaContado = domain.BrasiliaDay(h.CriadoEm)
		}
	}
	if h.Confirmacoes == nil {
		h.Confirmacoes = []string{}
	}
	if it.EditadaEm == "" {
		h.EditadaEm = nil
	}
	return h
}

func decodeColheita(r record) (domain.Colheita, error) {
	it, err := unmarshal[colheitaItem](r, "harvest")
	return it.colheita(), err
}

// ColheitaResult is a harvest, the points it earned and whether this call
// recorded it (false: the same harvest was recorded before).
type ColheitaResult struct {
	Colheita domain.Colheita
	Cultivo  domain.Cultivo
	Pontos   int
	Created  bool
}

// colheitaChange is a harvest's effects before and after a write: nil (no
// harvest) or a harvest that counts or not.
type colheitaChange struct {
	before, after *domain.Colheita
}

func counted(h *domain.Colheita) bool { return h != nil && h.Conta() }

func grams(h *domain.Colheita) int {
	if !counted(h) {
		return 0
	}
	return domain.ColheitaGrams(*h)
}

func colheitaStatsOf(h *domain.Colheita, sign float64, out map[string]float64) {
	if !counted(h) {
		return
	}
	kg := domain.KgOf(*h)
	out["colheitas"] += sign
	out["kg"] += sign * kg
	switch h.Unidade {
	case domain.UnidadeUnidades:
		out["unidades"] += sign * h.Quantidade
	case domain.UnidadeMacos:
		out["macos"] += sign * h.Quantidade
	}
	if h.Destino == "doado" {
		out["doadoKg"] += sign * kg
	}
}

// apply adds the change's effects on the totals to t: the author's and the
// group's CULTSTATS, the site statistics and the group's harvest ranking of
// month mes (the month the harvest counts in).
func (s *Store) applyColheitaTotals(ctx context.Context, t *txn, ch colheitaChange, c domain.Cultivo, author profileState, mes string, now time.Time) error {
	delta := map[string]float64{}
	colheitaStatsOf(ch.before, -1, delta)
	colheitaStatsOf(ch.after, 1, delta)
	keys := make([]string, 0, len(delta))
	for k, v := range delta {
		if v != 0 {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return nil
	}
	slices.Sort(keys)
	for _, pk := range []string{UserPK(author.uid), GroupPK(c.GrupoID)} {
		if pk == GroupPK("") {
			continue
		}
		u := t.update("stats:"+pk, pk, skCultStats)
		for _, k := range keys {
			u.add("%s %s", u.n(k), u.v(floatAV(delta[k])))
		}
	}
	g := grams(ch.after) - grams(ch.before)
	n := int(delta["colheitas"])
	st := t.stats(now)
	if n > 0 {
		st.day(StatColheitas, author.profile.UF, n)
	}
	if g > 0 {
		st.day(StatGramas, author.profile.UF, g)
	}
	st.total(TotalColheitas, n)
	st.total(TotalGramas, g)
	return s.rankColheita(ctx, t, c.GrupoID, g, author.uid, mes, now)
}

// payRef is the ledger ref of a harvest's next pay.
func payRef(h domain.Colheita) string {
	if h.Pagamentos == 0 {
		return h.ID
	}
	return h.ID + "~" + strconv.Itoa(h.Pagamentos)
}

// countColheita makes pending (or new) harvest h count on day: its pay decided
// on the cultivo (next), the author's counters, the totals. It returns the
// profile change for the author, with h and next updated.
func countColheita(h *domain.Colheita, next *domain.Cultivo, rules domain.Rules, day string) profileChange {
	h.Status, h.Duvida, h.DiaContado = domain.ColheitaConfirmada, "", day
	counts := map[string]int{domain.ContaColheitaGramas: domain.ColheitaGrams(*h)}
	if h.Foto != "" {
		counts[domain.ContaFotos] = 1
	}
	ch := profileChange{vegetal: next.VegetalID, counts: counts}
	if a := domain.AwardColheitaPaga(rules, payRef(*h), next.ColheitasPagas, next.UltimoDiaPago, day); a != nil {
		a.Ref = payRef(*h)
		ch.award = a
		counts[domain.ContaColheitas] = 1
		h.PagoRef = a.Ref
		h.Pagamentos++
		next.ColheitasPagas++
		next.UltimoDiaPago = day
	}
	return ch
}

// uncountColheita takes counted harvest h's pay and counters back (it goes
// back to pending, or away): the profile change for the author.
func uncountColheita(h *domain.Colheita, next *domain.Cultivo) profileChange {
	counts := map[string]int{domain.ContaColheitaGramas: -domain.ColheitaGrams(*h)}
	if h.Foto != "" {
		counts[domain.ContaFotos] = -1
	}
	ch := profileChange{counts: counts}
	if h.PagoRef != "" {
		if h.Pontos > 0 {
			e := domain.Estorno(domain.Award{Motivo: domain.MotivoColheita, Ref: h.PagoRef, Pontos: h.Pontos})
			ch.award, ch.refundDay = &e, h.DiaContado
		}
		counts[domain.ContaColheitas] = -1
		next.ColheitasPagas = max(next.ColheitasPagas-1, 0)
		if next.UltimoDiaPago == h.DiaContado {
			next.UltimoDiaPago = ""
		}
		h.PagoRef, h.Pontos = "", 0
	}
	return ch
}

// mergeChanges joins two profile changes of one author (a correction: the
// old effects out, the new in); at most one of them carries an award.
func mergeChanges(a, b profileChange) profileChange {
	out := profileChange{award: a.award, refundDay: a.refundDay, vegetal: b.vegetal, counts: map[string]int{}}
	if b.award != nil {
		out.award, out.refundDay = b.award, b.refundDay
	}
	for _, m := range []map[string]int{a.counts, b.counts} {
		for k, v := range m {
			out.counts[k] += v
		}
	}
	return out
}

// saveColheitaCultivo writes the cultivo after a harvest change (totals, pays,
// phase) under its version.
func saveColheitaCultivo(t *txn, c, next domain.Cultivo, skipLote bool, now time.Time) {
	next.Version, next.AtualizadoEm = c.Version+1, now
	cu := saveCultivo(t, next, c.Version)
	cu.set("%s = %s", cu.n("totais"), cu.v(totaisAttr(next.Totais)))
	cu.set("%s = %s", cu.n("colheitasPagas"), cu.v(num(next.ColheitasPagas)))
	cu.set("%s = %s", cu.n("ultimoDiaPago"), cu.v(str(next.UltimoDiaPago)))
	if next.Fase != c.Fase {
		updateRefs(t, next)
		moveLote(t, c, next, skipLote)
	}
	t.cultivoMoved(c, next, now)
}

func monthOfDay(day string, now time.Time) string {
	if len(day) >= 7 {
		return day[:7]
	}
	return domain.RankingMonth(now)
}

// colheitaDiary is the diary line of harvest h.
func colheitaDiary(h domain.Colheita, fase domain.Fase, pts int) diarioItem {
	fotos := []string{}
	if h.Foto != "" {
		fotos = append(fotos, h.Foto)
	}
	return diarioItemOf(domain.DiarioEntry{
		ID: h.ID, CultivoID: h.CultivoID, Tipo: domain.TipoColheita, Fase: fase, Fotos: fotos,
		Texto: domain.TextoColheita(h), AutorID: h.AutorID, AutorNome: h.AutorNome, Pontos: pts, CriadoEm: h.CriadoEm,
	})
}

// AddColheita records a harvest (writers) with its diary entry and the
// cultivo's totals, and, when it is plausible, its pay, the author's and the
// group's totals and the rankings: one transaction. in.ID makes it
// idempotent: the same harvest sent twice is recorded and paid once.
func (s *Store) AddColheita(ctx context.Context, cid string, actor Actor, in domain.ColheitaInput) (ColheitaResult, error) {
	if in.Foto != "" {
		if err := domain.CheckPhotoKeys("foto", []string{in.Foto}, actor.ID); err != nil {
			return ColheitaResult{}, err
		}
	}
	if in.ID == "" {
		in.ID = newEntryID()
	}
	rules, err := s.Rules(ctx)
	if err != nil {
		return ColheitaResult{}, err
	}
	var res ColheitaResult
	skipLote := false
	err = attempt(ctx, func() error {
		now := s.now()
		st, err := s.readCultivo(ctx, cid, actor, itemKey{CultivoPK(cid), ColheitaSK(in.ID)})
		if err != nil {
			return err
		}
		c := st.c
		if !c.IsWriter(actor.ID) {
			return domain.ErrNotCultivoWriter()
		}
		if hi := st.items[itemKey{CultivoPK(cid), ColheitaSK(in.ID)}]; hi != nil {
			h, err := decodeColheita(hi)
			res = ColheitaResult{Colheita: h, Cultivo: c}
			return err
		}
		if err := c.CheckNovaColheita(in.Data, now); err != nil {
			return err
		}
		h := domain.Colheita{
			ID: in.ID, CultivoID: c.ID, Quantidade: *in.Quantidade, Unidade: in.Unidade, Data: in.Data, Destino: in.Destino,
			Foto: in.Foto, AutorID: actor.ID, AutorNome: st.profile.profile.Nome, CriadoEm: now, Confirmacoes: []string{},
			VegetalNome: c.VegetalNome,
		}
		next := c
		pl := domain.AvaliarColheita(c, c.Totais, h, rules, now)
		next.Totais = c.Totais.Add(h)
		if in.Encerrar && next.Fase.Aberta() {
			next.Fase = domain.FaseColhido
		}
		t := newTxn(s.Table)
		requireWriterMember(t, c, actor.ID)
		day := domain.BrasiliaDay(now)
		var ch profileChange
		if pl.Plausivel {
			ch = countColheita(&h, &next, rules, day)
		} else {
			h.Status, h.Duvida = domain.ColheitaAConfirmar, pl.Motivo
		}
		pts, _, err := s.applyProfile(ctx, t, st.profile, ch, false, actor.Source, now)
		if err != nil {
			return err
		}
		h.Pontos = pts
		t.putItem(itemColheita, colheitaItemOf(h, c.GrupoID, 1), "attribute_not_exists(PK)")
		saveColheitaCultivo(t, c, next, skipLote, now)
		if err := s.applyColheitaTotals(ctx, t, colheitaChange{after: &h}, c, st.profile, day[:7], now); err != nil {
			return err
		}
		t.actedBy(st.profile, now)
		t.putItem(itemDiarioColheita, colheitaDiary(h, next.Fase, pts), "")
		t.countDaily(actor.ID, domain.ActColheita, rules, now)
		t.relColheita(c, h) // the group's report of the harvest's month (relatorio.go)
		if err := s.writeWithLote(ctx, t, &skipLote, itemCultivo, itemColheita, itemProfile, itemLedger, rankItemNames); err != nil {
			return err
		}
		next.Version, next.AtualizadoEm = c.Version+1, now
		res = ColheitaResult{Colheita: h, Cultivo: next, Pontos: pts, Created: true}
		return nil
	})
	return res, err
}

// colheitaState is a harvest read with its cultivo and the caller's profile.
// changeColheita reads the rules, then runs change in attempt's rounds, each
// with the time and harvest hid of cultivo cid read afresh, and skipLote,
// which a round's writeWithLote sets when the cultivo's lote is gone.
func (s *Store) changeColheita(ctx context.Context, cid, hid string, actor Actor, change func(rules domain.Rules, now time.Time, st colheitaState, skipLote *bool) error) error {
	rules, err := s.Rules(ctx)
	if err != nil {
		return err
	}
	skipLote := false
	return attempt(ctx, func() error {
		now := s.now()
		st, err := s.readColheita(ctx, cid, hid, actor)
		if err != nil {
			return err
		}
		return change(rules, now, st, &skipLote)
	})
}

type colheitaState struct {
	cultivoState
	h       domain.Colheita
	version int
}

func (s *Store) readColheita(ctx context.Context, cid, hid string, actor Actor, extra ...itemKey) (colheitaState, error) {
	if !validID(hid) {
		return colheitaState{}, domain.ErrColheitaNotFound()
	}
	st, err := s.readCultivo(ctx, cid, actor, append([]itemKey{{CultivoPK(cid), ColheitaSK(hid)}}, extra...)...)
	if err != nil {
		return colheitaState{}, err
	}
	hi := st.items[itemKey{CultivoPK(cid), ColheitaSK(hid)}]
	if hi == nil {
		return colheitaState{}, domain.ErrColheitaNotFound()
	}
	it, err := unmarshal[colheitaItem](hi, "harvest")
	if err != nil {
		return colheitaState{}, err
	}
	h := it.colheita()
	if h.VegetalNome == "" {
		h.VegetalNome = st.c.VegetalNome
	}
	return colheitaState{cultivoState: st, h: h, version: it.Version}, nil
}

// putColheita writes h over the version read.
func putColheita(t *txn, h domain.Colheita, gid string, version int) {
	u := newUpd()
	u.pin("version", version != 0, version)
	t.putWhen(itemColheita, colheitaItemOf(h, gid, version+1), u)
}

// ConfirmColheita confirms a harvest that waits for it: a coordinator (or
// dono, or a site admin) at once; another member of the group adds their
// confirmation, and domain.Rules' confirmacoesColheita of them count as a
// coordinator's. A confirmed harvest counts and pays its author then.
func (s *Store) ConfirmColheita(ctx context.Context, cid, hid string, actor Actor) (domain.Colheita, error) {
	var out domain.Colheita
	err := s.changeColheita(ctx, cid, hid, actor, func(rules domain.Rules, now time.Time, st colheitaState, skipLote *bool) error {
		c, h := st.c, st.h
		if h.Conta() {
			out = h
			return nil
		}
		if err := h.CanConfirm(c, actor.ID); err != nil {
			return err
		}
		var papel domain.Papel
		if !actor.Admin {
			m, err := s.membership(ctx, c.GrupoID, actor.ID)
			if err != nil {
				return err
			}
			papel = papelOf(m)
		}
		conf, err := h.Confirm(rules, actor.ID, actor.Admin, papel)
		if err != nil {
			return err
		}
		t := newTxn(s.Table)
		if !actor.Admin {
			if conf.Coordenador {
				requireCoordinatorOf(t, c.GrupoID, actor.ID)
			} else {
				mu := t.check(itemMember, GroupPK(c.GrupoID), MemberSK(actor.ID))
				mu.cond("attribute_exists(PK)")
			}
		}
		h.Confirmacoes = conf.Confirmacoes
		next := c
		if conf.Confirma {
			h.ConfirmadaPor = actor.ID
			ai, err := s.getItem(ctx, UserPK(h.AutorID), skProfile, "author profile")
			if err != nil {
				return err
			}
			author, err := readProfileState(h.AutorID, ai)
			if err != nil {
				return err
			}
			day := domain.BrasiliaDay(now)
			ch := countColheita(&h, &next, rules, day)
			if author.found {
				pts, _, err := s.applyProfile(ctx, t, author, ch, false, nil, now)
				if err != nil {
					return err
				}
				h.Pontos = pts
			}
			saveColheitaCultivo(t, c, next, *skipLote, now)
			if err := s.applyColheitaTotals(ctx, t, colheitaChange{after: &h}, c, author, day[:7], now); err != nil {
				return err
			}
			t.putItem(itemDiarioColheita, colheitaDiary(h, next.Fase, h.Pontos), "")
		}
		putColheita(t, h, c.GrupoID, st.version)
		if err := s.writeWithLote(ctx, t, skipLote, itemCultivo, itemColheita, itemProfile, itemLedger, rankItemNames); err != nil {
			if cc, ok := isCancelled(err); ok && cc.failed(itemMember) {
				return domain.ErrSoMembrosConfirmam()
			}
			return err
		}
		out = h
		return nil
	})
	return out, err
}

// EditColheita corrects a harvest (its author, within the rules' window):
// the old effects out, the correction judged again and its effects in, one
// transaction. A confirmation stands for a quantity no larger than the one
// confirmed.
func (s *Store) EditColheita(ctx context.Context, cid, hid string, actor Actor, in domain.ColheitaEdit) (domain.Colheita, error) {
	var out domain.Colheita
	err := s.changeColheita(ctx, cid, hid, actor, func(rules domain.Rules, now time.Time, st colheitaState, skipLote *bool) error {
		c, old := st.c, st.h
		if err := old.CanCorrect(actor.ID, in, c.DataPlantio, now, rules); err != nil {
			return err
		}
		h := old
		h.Quantidade, h.Unidade, h.Data, h.Destino, h.EditadaEm = *in.Quantidade, in.Unidade, in.Data, in.Destino, &now
		next := c
		next.Totais = c.Totais.Sub(old)
		confirmedFor := old.ConfirmadaPor != "" && old.ConfirmacoesValemPara(h)
		pl := domain.AvaliarColheita(next, next.Totais, h, rules, old.CriadoEm)
		next.Totais = next.Totais.Add(h)
		t := newTxn(s.Table)
		requireWriterMember(t, c, actor.ID)
		var ch profileChange
		mes := monthOfDay(old.DiaContado, now)
		switch {
		case old.Conta() && (pl.Plausivel || confirmedFor):
			ch = profileChange{counts: map[string]int{domain.ContaColheitaGramas: domain.ColheitaGrams(h) - domain.ColheitaGrams(old)}}
		case old.Conta():
			ch = uncountColheita(&h, &next)
			h.Status, h.Duvida, h.ConfirmadaPor, h.Confirmacoes = domain.ColheitaAConfirmar, pl.Motivo, "", []string{}
		case pl.Plausivel:
			day := domain.BrasiliaDay(now)
			ch = countColheita(&h, &next, rules, day)
			mes = day[:7]
		default:
			h.Duvida = pl.Motivo
			if !old.ConfirmacoesValemPara(h) {
				h.Confirmacoes = []string{}
			}
		}
		pts, _, err := s.applyProfile(ctx, t, st.profile, ch, false, actor.Source, now)
		if err != nil {
			return err
		}
		if ch.award != nil && ch.award.Pontos > 0 {
			h.Pontos = pts
		}
		putColheita(t, h, c.GrupoID, st.version)
		saveColheitaCultivo(t, c, next, *skipLote, now)
		if err := s.applyColheitaTotals(ctx, t, colheitaChange{before: &old, after: &h}, c, st.profile, mes, now); err != nil {
			return err
		}
		t.putItem(itemDiarioColheita, colheitaDiary(h, next.Fase, h.Pontos), "")
		t.relColheitaChange(c, &old, &h) // the group's report (relatorio.go)
		if err := s.writeWithLote(ctx, t, skipLote, itemCultivo, itemColheita, itemProfile, itemLedger, rankItemNames); err != nil {
			return err
		}
		out = h
		return nil
	})
	return out, err
}

// DeleteColheita deletes a harvest (its author, within the rules' window)
// and everything it counted for: its pay (a reversal row), the totals and
// the rankings, in one transaction, which also releases its photo.
func (s *Store) DeleteColheita(ctx context.Context, cid, hid string, actor Actor) error {
	return s.changeColheita(ctx, cid, hid, actor, func(rules domain.Rules, now time.Time, st colheitaState, skipLote *bool) error {
		c, old := st.c, st.h
		if err := old.CanDelete(actor.ID, now, rules); err != nil {
			return err
		}
		next := c
		next.Totais = c.Totais.Sub(old)
		t := newTxn(s.Table)
		var ch profileChange
		if old.Conta() {
			h := old
			ch = uncountColheita(&h, &next)
		}
		if _, _, err := s.applyProfile(ctx, t, st.profile, ch, false, actor.Source, now); err != nil {
			return err
		}
		u := newUpd()
		if st.version == 0 {
			u.cond("attribute_exists(PK) AND attribute_not_exists(version)")
		} else {
			u.cond("version = %s", u.v(num(st.version)))
		}
		t.delete(itemColheita, CultivoPK(c.ID), ColheitaSK(old.ID), u)
		t.delete(itemDiarioColheita, CultivoPK(c.ID), DiarioSK(old.CriadoEm, old.ID), nil)
		t.release(now, old.Foto)          // its photo, for the photos job to delete (none: nothing)
		t.relColheitaChange(c, &old, nil) // the group's report (relatorio.go)
		saveColheitaCultivo(t, c, next, *skipLote, now)
		if err := s.applyColheitaTotals(ctx, t, colheitaChange{before: &old}, c, st.profile, monthOfDay(old.DiaContado, now), now); err != nil {
			return err
		}
		if err := s.writeWithLote(ctx, t, skipLote, itemCultivo, itemColheita, itemProfile, itemLedger, rankItemNames); err != nil {
			return err
		}
		return nil
	})
}

// PendingColheitas lists a group's harvests that wait for confirmation,
// oldest first (one Query of GSI1); the caller checked the group's access.
func (s *Store) PendingColheitas(ctx context.Context, gid string, limit int, after map[string]string) ([]domain.Colheita, map[string]string, error) {
	return queryPage(ctx, s, query{Index: IndexGSI1, PK: pendingPK(gid), Limit: limit, After: after, What: "pending harvests"}, decodeColheita)
}

// PendingScope names the pending list's cursors.
func PendingScope(gid string) string { return "colheitas-a-confirmar:" + gid }

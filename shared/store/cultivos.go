package store

import (
	"context"
	"slices"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"github.com/verde-app/verde/shared/domain"
)

// Cultivos. Every read is at most two calls: the cultivo and the caller's
// profile in one BatchGetItem (the profile's gruposParticipantes, kept in
// step with memberships by the same transactions, says whether the caller
// is in the cultivo's group), then at most one Query. Every write is that
// BatchGetItem and one TransactWriteItems holding the act, its diary entry,
// the points (award.go) and the counters; a coordinator acting on a cultivo
// they do not write also reads their membership. Creating a cultivo, a diary
// entry or a harvest also counts the act against its per-member daily cap
// (daily.go) in that transaction: past it, a 429 and nothing written.

// Item names of cultivo transactions.
const (
	itemCultivo   = "cultivo"
	itemColheita  = "colheita"
	itemDiarioDia = "diarioDia"
	itemLote      = "lote"
)

type cultivoItem struct {
	PK              string                `dynamodbav:"PK"`
	SK              string                `dynamodbav:"SK"`
	GSI1PK          string                `dynamodbav:"GSI1PK,omitempty"`
	GSI1SK          string                `dynamodbav:"GSI1SK,omitempty"`
	GSI2PK          string                `dynamodbav:"GSI2PK,omitempty"`
	GSI2SK          string                `dynamodbav:"GSI2SK,omitempty"`
	Type            string                `dynamodbav:"type"`
	ID              string                `dynamodbav:"id"`
	VegetalID       string                `dynamodbav:"vegetalId"`
	VegetalNome     string                `dynamodbav:"vegetalNome"`
	DiasColheitaMin int                   `dynamodbav:"diasColheitaMin"`
	DiasColheitaMax int                   `dynamodbav:"diasColheitaMax"`
	GrupoID         string                `dynamodbav:"grupoId"`
	GrupoNome       string                `dynamodbav:"grupoNome"`
	LoteCodigo      string                `dynamodbav:"loteCodigo"`
	ResponsavelID   string                `dynamodbav:"responsavelId"`
	ResponsavelNome string                `dynamodbav:"responsavelNome"`
	Colaboradores   []domain.Colaborador  `dynamodbav:"colaboradores"`
	Metodo          string                `dynamodbav:"metodo"`
	Quantidade      float64               `dynamodbav:"quantidade"`
	Unidade         string                `dynamodbav:"unidade"`
	DataPlantio     string                `dynamodbav:"dataPlantio"`
	Notas           string                `dynamodbav:"notas"`
	Fase            string                `dynamodbav:"fase"`
	FaseAnterior    string                `dynamodbav:"faseAnterior"`
	MotivoPerda     string                `dynamodbav:"motivoPerda"`
	Arquivado       bool                  `dynamodbav:"arquivado"`
	Ativo           bool                  `dynamodbav:"ativo"`
	Totais          domain.Totais         `dynamodbav:"totais"`
	Produtividade   *domain.Produtividade `dynamodbav:"produtividade,omitempty"`
	ColheitasPagas  int                   `dynamodbav:"colheitasPagas,omitempty"`
	UltimoDiaPago   string                `dynamodbav:"ultimoDiaPago,omitempty"`
	Version         int                   `dynamodbav:"version"`
	CriadoEm        string                `dynamodbav:"criadoEm"`
	AtualizadoEm    string                `dynamodbav:"atualizadoEm"`
}

func toCultivoItem(c domain.Cultivo) cultivoItem {
	it := cultivoItem{
		PK: CultivoPK(c.ID), SK: skMeta, Type: "cultivo", ID: c.ID, VegetalID: c.VegetalID, VegetalNome: c.VegetalNome,
		DiasColheitaMin: c.DiasColheitaMin, DiasColheitaMax: c.DiasColheitaMax, GrupoID: c.GrupoID, GrupoNome: c.GrupoNome,
		LoteCodigo: c.LoteCodigo, ResponsavelID: c.ResponsavelID, ResponsavelNome: c.ResponsavelNome, Colaboradores: c.Colaboradores,
		Metodo: c.Metodo, Quantidade: c.Quantidade, Unidade: c.Unidade, DataPlantio: c.DataPlantio, Notas: c.Notas,
		Fase: string(c.Fase), FaseAnterior: string(c.FaseAnterior), MotivoPerda: c.MotivoPerda, Arquivado: c.Arquivado,
		Ativo: ativo(c), Totais: c.Totais, Produtividade: c.Produtividade, ColheitasPagas: c.ColheitasPagas, UltimoDiaPago: c.UltimoDiaPago, Version: c.Version, CriadoEm: fmtTime(c.CriadoEm), AtualizadoEm: fmtTime(c.AtualizadoEm),
	}
	if c.GrupoID != "" {
		it.GSI1PK, it.GSI1SK = cultsOfGroup(c.GrupoID), cultByTime(c.CriadoEm, c.ID)
		it.GSI2PK, it.GSI2SK = cultsOfGroupFase(c.GrupoID, c.Fase), it.GSI1SK
	}
	return it
}

// ativo: still growing and not archived (the lists' default filter).
func ativo(c domain.Cultivo) bool { return c.Fase.Aberta() && !c.Arquivado }

func decodeCultivo(r record) (domain.Cultivo, error) {
	it, err := unmarshal[cultivoItem](r, "cultivo")
	if err != nil {
		return domain.Cultivo{}, err
	}
	if it.Colaboradores == nil {
		it.Colaboradores = []domain.Colaborador{}
	}
	return domain.Cultivo{
		ID: it.ID, VegetalID: it.VegetalID, VegetalNome: it.VegetalNome, DiasColheitaMin: it.DiasColheitaMin,
		DiasColheitaMax: it.DiasColheitaMax, GrupoID: it.GrupoID, GrupoNome: it.GrupoNome, LoteCodigo: it.LoteCodigo,
		ResponsavelID: it.ResponsavelID, ResponsavelNome: it.ResponsavelNome, Colaboradores: it.Colaboradores,
		Metodo: it.Metodo, Quantidade: it.Quantidade, Unidade: it.Unidade, DataPlantio: it.DataPlantio, Notas: it.Notas,
		Fase: domain.Fase(it.Fase), FaseAnterior: domain.Fase(it.FaseAnterior), MotivoPerda: it.MotivoPerda,
		Arquivado: it.Arquivado, Totais: it.Totais, Produtividade: it.Produtividade, ColheitasPagas: it.ColheitasPagas,
		UltimoDiaPago: it.UltimoDiaPago, Version: it.Version,
		CriadoEm: parseTime(it.CriadoEm), AtualizadoEm: parseTime(it.AtualizadoEm),
	}, nil
}

// cultRefItem lists a cultivo under one of its writers (GSI1, every one),
// and under their active ones while it is active (GSI2, sparse: the
// dashboard's list reads that partition alone, so archived or finished
// cultivos never take a page's places); it carries what the other filters
// read.
type cultRefItem struct {
	PK        string `dynamodbav:"PK"`
	SK        string `dynamodbav:"SK"`
	GSI1PK    string `dynamodbav:"GSI1PK"`
	GSI1SK    string `dynamodbav:"GSI1SK"`
	GSI2PK    string `dynamodbav:"GSI2PK,omitempty"`
	GSI2SK    string `dynamodbav:"GSI2SK,omitempty"`
	Type      string `dynamodbav:"type"`
	CultivoID string `dynamodbav:"cultivoId"`
	GrupoID   string `dynamodbav:"grupoId"`
	Fase      string `dynamodbav:"fase"`
	Ativo     bool   `dynamodbav:"ativo"`
	Papel     string `dynamodbav:"papel"` // responsavel or colaborador
}

type diarioItem struct {
	PK        string   `dynamodbav:"PK"`
	SK        string   `dynamodbav:"SK"`
	Type      string   `dynamodbav:"type"`
	ID        string   `dynamodbav:"id"`
	CultivoID string   `dynamodbav:"cultivoId"`
	Tipo      string   `dynamodbav:"tipo"`
	Texto     string   `dynamodbav:"texto"`
	Fotos     []string `dynamodbav:"fotos"`
	Fase      string   `dynamodbav:"fase"`
	AutorID   string   `dynamodbav:"autorId"`
	AutorNome string   `dynamodbav:"autorNome"`
	Pontos    int      `dynamodbav:"pontos"`
	// Data is the day the entry tells of; entries written before entries
	// could be dated lack it (their day is CriadoEm's).
	Data     string `dynamodbav:"data,omitempty"`
	CriadoEm string `dynamodbav:"criadoEm"`
}

// diarioItemOf is e's item, ordered in the diary by the day it tells of
// (domain.DiarioTime).
func diarioItemOf(e domain.DiarioEntry) diarioItem {
	if e.Fotos == nil {
		e.Fotos = []string{}
	}
	if e.Data == "" {
		e.Data = domain.FormatDate(domain.LocalDate(e.CriadoEm))
	}
	return diarioItem{
		PK: CultivoPK(e.CultivoID), SK: DiarioSK(domain.DiarioTime(e.Data, e.CriadoEm), e.ID), Data: e.Data, Type: "diario", ID: e.ID, CultivoID: e.CultivoID,
		Tipo: e.Tipo, Texto: e.Texto, Fotos: e.Fotos, Fase: string(e.Fase), AutorID: e.AutorID, AutorNome: e.AutorNome,
		Pontos: e.Pontos, CriadoEm: fmtTime(e.CriadoEm),
	}
}

func decodeDiario(r record) (domain.DiarioEntry, error) {
	it, err := unmarshal[diarioItem](r, "diary entry")
	if it.Fotos == nil {
		it.Fotos = []string{}
	}
	return domain.DiarioEntry{
		ID: it.ID, CultivoID: it.CultivoID, Tipo: it.Tipo, Texto: it.Texto, Fotos: it.Fotos, Fase: domain.Fase(it.Fase),
		AutorID: it.AutorID, AutorNome: it.AutorNome, Pontos: it.Pontos, Data: dataOr(it.Data, it.CriadoEm), CriadoEm: parseTime(it.CriadoEm),
	}, err
}

// dataOr is an entry's day: its own, or (written before entries could be
// dated) the Brasília date it was written on.
func dataOr(data, criadoEm string) string {
	if data != "" {
		return data
	}
	return domain.FormatDate(domain.LocalDate(parseTime(criadoEm)))
}

// cultivoState is what a cultivo request reads: the cultivo and the caller's
// profile (one BatchGetItem), plus the extra items asked for.
type cultivoState struct {
	c       domain.Cultivo
	profile profileState
	items   map[itemKey]record
}

// canRead: writers, members of the cultivo's group, site admins.
func (st cultivoState) canRead(actor Actor) bool {
	return actor.Admin || st.c.IsWriter(actor.ID) ||
		(st.c.GrupoID != "" && st.profile.found && slices.Contains(st.profile.profile.GruposParticipantes, st.c.GrupoID))
}

func (s *Store) readCultivo(ctx context.Context, cid string, actor Actor, extra ...itemKey) (cultivoState, error) {
	if !validID(cid) || actor.ID == "" {
		return cultivoState{}, domain.ErrCultivoNotFound()
	}
	meta, items, err := s.readFound(ctx, domain.ErrCultivoNotFound, itemKey{CultivoPK(cid), skMeta}, append([]itemKey{{UserPK(actor.ID), skProfile}}, extra...)...)
	if err != nil {
		return cultivoState{}, err
	}
	c, err := decodeCultivo(meta)
	if err != nil {
		return cultivoState{}, err
	}
	ps, err := readProfileState(actor.ID, items[itemKey{UserPK(actor.ID), skProfile}])
	if err != nil {
		return cultivoState{}, err
	}
	st := cultivoState{c: c, profile: ps, items: items}
	if !st.canRead(actor) {
		return cultivoState{}, domain.ErrCultivoNotFound()
	}
	return st, nil
}

// Cultivo reads one cultivo for the caller: one BatchGetItem.
func (s *Store) Cultivo(ctx context.Context, cid string, actor Actor) (domain.Cultivo, error) {
	st, err := s.readCultivo(ctx, cid, actor)
	return st.c, err
}

// requireWriterMember adds "uid is still a member of the cultivo's group" to
// t (group cultivos only): a writer who left the group writes to its cultivos
// no more, and the write answers domain.ErrSaiuDoGrupo (writeTxn).
func requireWriterMember(t *txn, c domain.Cultivo, uid string) {
	requireCultivoMember(t, itemWriterMember, c, uid)
}

// itemWriterMember names requireWriterMember's check in a transaction.
const itemWriterMember = "writerMember:"

// requireCultivoMember adds "uid is a member of the cultivo's group" to t under
// name+uid (group cultivos only).
func requireCultivoMember(t *txn, name string, c domain.Cultivo, uid string) {
	if c.GrupoID != "" {
		u := t.check(name+uid, GroupPK(c.GrupoID), MemberSK(uid))
		u.cond("attribute_exists(PK)")
	}
}

// putRefs writes the CULTOF# item of each writer (create).
func putRefs(t *txn, c domain.Cultivo) {
	for _, uid := range c.Writers() {
		papel := "colaborador"
		if uid == c.ResponsavelID {
			papel = "responsavel"
		}
		t.putItem("ref:"+uid, refOf(c, uid, c.GrupoID, papel), "attribute_not_exists(PK)")
	}
}

// refOf is writer uid's CULTOF# item of c (in group g).
func refOf(c domain.Cultivo, uid, g, papel string) cultRefItem {
	it := cultRefItem{
		PK: UserPK(uid), SK: CultOfSK(c.ID), GSI1PK: cultsOfUser(uid), GSI1SK: cultByTime(c.CriadoEm, c.ID),
		Type: "cultivoRef", CultivoID: c.ID, GrupoID: g, Fase: string(c.Fase), Ativo: ativo(c), Papel: papel,
	}
	if it.Ativo {
		it.GSI2PK, it.GSI2SK = activeCultsOfUser(uid), it.GSI1SK
	}
	return it
}

// updateRefs keeps each writer's CULTOF# item in step with the cultivo's
// phase and archive flag.
func updateRefs(t *txn, c domain.Cultivo) {
	for _, uid := range c.Writers() {
		u := t.update("ref:"+uid, UserPK(uid), CultOfSK(c.ID))
		u.cond("attribute_exists(PK)")
		u.set("fase = %s", u.v(str(string(c.Fase))))
		u.set("ativo = %s", u.v(boolean(ativo(c))))
		if ativo(c) {
			u.set("%s = %s, %s = %s", u.n(attrGSI2PK), u.v(str(activeCultsOfUser(uid))), u.n(attrGSI2SK), u.v(str(cultByTime(c.CriadoEm, c.ID))))
		} else {
			u.remove(u.n(attrGSI2PK))
			u.remove(u.n(attrGSI2SK))
		}
	}
}

// saveCultivo updates the cultivo's changing attributes if its version is
// still prev.
func saveCultivo(t *txn, c domain.Cultivo, prev int) *upd {
	u := t.update(itemCultivo, CultivoPK(c.ID), skMeta)
	u.cond("version = %s", u.v(num(prev)))
	set := func(attr string, av types.AttributeValue) { u.set("%s = %s", u.n(attr), u.v(av)) }
	set("fase", str(string(c.Fase)))
	set("faseAnterior", str(string(c.FaseAnterior)))
	set("motivoPerda", str(c.MotivoPerda))
	set("arquivado", boolean(c.Arquivado))
	set("ativo", boolean(ativo(c)))
	if c.GrupoID != "" {
		set(attrGSI2PK, str(cultsOfGroupFase(c.GrupoID, c.Fase)))
		set(attrGSI2SK, str(cultByTime(c.CriadoEm, c.ID)))
	}
	set("version", num(c.Version))
	set("atualizadoEm", str(fmtTime(c.AtualizadoEm)))
	return u
}

func newEntryID() string { return uuid.Must(uuid.NewV7()).String() }

// CreateCultivo stores a new cultivo of the actor (responsible member) with
// its refs, first diary entry, points and counters: one BatchGetItem and one
// TransactWriteItems.
func (s *Store) CreateCultivo(ctx context.Context, id string, in domain.CultivoInput, actor Actor) (domain.Cultivo, int, error) {
	if !validID(in.VegetalID) {
		return domain.Cultivo{}, 0, domain.ErrVegetalNotInCatalogue()
	}
	if in.GrupoID != "" && !validID(in.GrupoID) {
		return domain.Cultivo{}, 0, domain.ErrGroupNotFound()
	}
	for _, col := range in.Colaboradores {
		if !validID(col) {
			return domain.Cultivo{}, 0, domain.ErrColaboradorNotFound()
		}
	}
	if err := domain.CheckDataPlantio(in.DataPlantio, s.now()); err != nil {
		return domain.Cultivo{}, 0, err
	}
	rules, err := s.Rules(ctx)
	if err != nil {
		return domain.Cultivo{}, 0, err
	}
	var out domain.Cultivo
	var awarded int
	err = attempt(ctx, func() error {
		now := s.now()
		keys := []itemKey{{VegetalPK(in.VegetalID), skMeta}, {UserPK(actor.ID), skProfile}}
		if g := in.GrupoID; g != "" {
			keys = append(keys, itemKey{GroupPK(g), skMeta}, itemKey{GroupPK(g), MemberSK(actor.ID)})
			for _, col := range in.Colaboradores {
				keys = append(keys, itemKey{GroupPK(g), MemberSK(col)})
			}
			if in.LoteCodigo != "" {
				keys = append(keys, itemKey{GroupPK(g), LoteSK(in.LoteCodigo)})
			}
		}
		items, err := s.batchGet(ctx, keys...)
		if err != nil {
			return err
		}
		vi := items[itemKey{VegetalPK(in.VegetalID), skMeta}]
		var veg domain.Vegetal
		if vi != nil {
			if veg, err = decodeVegetal(vi); err != nil {
				return err
			}
		}
		if err := domain.CheckPlantable(veg, vi != nil); err != nil {
			return err
		}
		ps, err := readProfileState(actor.ID, items[itemKey{UserPK(actor.ID), skProfile}])
		if err != nil {
			return err
		}
		t := newTxn(s.Table)
		grupoNome := ""
		var colabs []domain.Colaborador
		if g := in.GrupoID; g != "" {
			v, err := viewOf(items, g, actor.ID)
			if err != nil {
				return err
			}
			if err := v.Access(actor.ID, actor.Admin).CanParticipate(v.Group); err != nil {
				return err
			}
			grupoNome = v.Group.Nome
			for _, col := range in.Colaboradores {
				m, err := memberOf(items, g, col)
				if err != nil {
					return err
				}
				if err := domain.CheckColaborador(col, actor.ID, m != nil); err != nil {
					return err
				}
				colabs = append(colabs, domain.Colaborador{UserID: col, Nome: m.Nome})
			}
			if in.LoteCodigo != "" {
				l, err := loteOf(items, g, in.LoteCodigo)
				if err != nil {
					return err
				}
				holder, err := domain.CultivoLoteHolder(l, actor.ID, in.Colaboradores)
				if err != nil {
					return err
				}
				lu := t.check(itemLote, GroupPK(g), LoteSK(in.LoteCodigo))
				lu.cond("responsavelId = %s", lu.v(str(holder)))
				lu.incr("cultivosAtivos", 1)
			}
			requireMeta(t, g)
		}
		pts, nome, err := s.applyProfile(ctx, t, ps, profileChange{award: ptr(domain.AwardCultivo(rules, id)), counts: map[string]int{domain.ContaCultivos: 1}}, false, actor.Source, now)
		if err != nil {
			return err
		}
		c := domain.NewCultivo(id, in, veg, domain.Colaborador{UserID: actor.ID, Nome: nome}, grupoNome, colabs, now)
		c.Produtividade = yieldOf(vi)
		t.putItem(itemCultivo, toCultivoItem(c), "attribute_not_exists(PK)")
		dueOnCreate(t, c, now)
		putRefs(t, c)
		for _, uid := range c.Writers() {
			requireCultivoMember(t, "member:", c, uid)
		}
		t.putItem("diario", diarioItemOf(domain.DiarioEntry{
			ID: newEntryID(), CultivoID: c.ID, Tipo: domain.TipoFase, Texto: domain.TextoCultivoCriado, Fase: c.Fase,
			AutorID: actor.ID, AutorNome: nome, CriadoEm: now,
		}), "")
		addStats(t, UserPK(actor.ID), "cultivos", 1)
		t.countDaily(actor.ID, domain.ActCultivo, rules, now)
		t.cultivoCreated(c, ps.profile.UF, now)
		t.actedBy(ps, now)
		if c.GrupoID != "" {
			addStats(t, GroupPK(c.GrupoID), "cultivos", 1)
		}
		if err := retryable(s.write(ctx, t), itemProfile, itemLedger); err != nil {
			if cc, ok := isCancelled(err); ok {
				if cc.failed(itemLote) {
					return domain.ErrCultivoLoteNotHeld()
				}
				if _, gone := cc.failedPrefix("member:"); gone {
					return domain.ErrColaboradorNotMember()
				}
			}
			return err
		}
		out, awarded = c, pts
		return nil
	})
	return out, awarded, err
}

// addStats adds n to a counter of a CULTSTATS item (a member's or a group's).
func addStats(t *txn, pk, attr string, n float64) *upd {
	u := t.update("stats:"+pk, pk, skCultStats)
	if n != 0 {
		u.add("%s %s", u.n(attr), u.v(&types.AttributeValueMemberN{Value: strconv.FormatFloat(n, 'f', -1, 64)}))
	}
	return u
}

// ChangeFase moves the cultivo to another phase (domain.Cultivo.NextFase) and
// writes the change to the diary. Writers move it; the group's coordinators
// and dono may also mark it perdido (and undo that).
func (s *Store) ChangeFase(ctx context.Context, cid string, actor Actor, in domain.FaseInput) (domain.Cultivo, error) {
	return s.changeCultivo(ctx, cid, actor, func(t *txn, st cultivoState, now time.Time, skipLote *bool) (domain.Cultivo, error) {
		c := st.c
		if c.IsWriter(actor.ID) {
			requireWriterMember(t, c, actor.ID)
		} else {
			lossOnly := in.Fase == domain.FasePerdido || c.Fase == domain.FasePerdido
			if err := s.requireCoordinator(ctx, t, c, actor, lossOnly); err != nil {
				return domain.Cultivo{}, err
			}
		}
		next, err := c.NextFase(in.Fase, in.Motivo)
		if err != nil {
			return domain.Cultivo{}, err
		}
		next.Version, next.AtualizadoEm = c.Version+1, now
		saveMoved(t, c, next, now, *skipLote)
		texto := domain.TextoMudancaFase(next)
		t.putItem("diario", diarioItemOf(domain.DiarioEntry{
			ID: newEntryID(), CultivoID: c.ID, Tipo: domain.TipoFase, Texto: texto, Fase: next.Fase,
			AutorID: actor.ID, AutorNome: st.profile.profile.Nome, CriadoEm: now,
		}), "")
		if err := s.writeWithLote(ctx, t, skipLote, itemCultivo); err != nil {
			return domain.Cultivo{}, err
		}
		return next, nil
	})
}

// changeCultivo is one change of the cultivo cid, retried as attempt
// retries: change gets what readCultivo read, a new transaction, the
// attempt's time and whether the lote the cultivo leaves is gone (set by
// the write that found it gone, for the attempts after it), and returns the
// cultivo to answer with.
func (s *Store) changeCultivo(ctx context.Context, cid string, actor Actor, change func(t *txn, st cultivoState, now time.Time, skipLote *bool) (domain.Cultivo, error)) (domain.Cultivo, error) {
	var out domain.Cultivo
	skipLote := false
	err := attempt(ctx, func() error {
		now := s.now()
		st, err := s.readCultivo(ctx, cid, actor)
		if err != nil {
			return err
		}
		next, err := change(newTxn(s.Table), st, now, &skipLote)
		if err != nil {
			return err
		}
		out = next
		return nil
	})
	return out, err
}

// saveMoved writes next over c in t: the cultivo's item (at c's version),
// its references, its lote's counts and the counters it moves.
func saveMoved(t *txn, c, next domain.Cultivo, now time.Time, skipLote bool) {
	saveCultivo(t, next, c.Version)
	updateRefs(t, next)
	moveLote(t, c, next, skipLote)
	t.cultivoMoved(c, next, now)
}

// requireCoordinator lets a group's coordinator or dono act on a cultivo
// they do not write (one GetItem of their membership), when allowed says the
// act is one of theirs; otherwise the reader gets 403.
func (s *Store) requireCoordinator(ctx context.Context, t *txn, c domain.Cultivo, actor Actor, allowed bool) error {
	if c.GrupoID == "" || !allowed {
		return domain.ErrNotCultivoWriter()
	}
	mi, err := s.getItem(ctx, GroupPK(c.GrupoID), MemberSK(actor.ID), "membership")
	if err != nil {
		return err
	}
	if mi == nil {
		return domain.ErrNotCultivoWriter()
	}
	m, err := decodeMember(mi)
	if err != nil {
		return err
	}
	if m.Papel != domain.PapelDono && m.Papel != domain.PapelCoordenador {
		return domain.ErrNotCultivoWriter()
	}
	requireManager(t, c.GrupoID, actor.ID)
	return nil
}

// ArchiveCultivo archives (or restores) a cultivo: its responsible member,
// or the group's coordinators and dono.
func (s *Store) ArchiveCultivo(ctx context.Context, cid string, actor Actor, arquivar bool) (domain.Cultivo, error) {
	return s.changeCultivo(ctx, cid, actor, func(t *txn, st cultivoState, now time.Time, skipLote *bool) (domain.Cultivo, error) {
		c := st.c
		if c.ResponsavelID != actor.ID {
			if err := s.requireCoordinator(ctx, t, c, actor, true); err != nil {
				return domain.Cultivo{}, err
			}
		}
		if c.Arquivado == arquivar {
			return c, nil
		}
		next := c
		next.Arquivado, next.Version, next.AtualizadoEm = arquivar, c.Version+1, now
		saveMoved(t, c, next, now, *skipLote)
		if err := s.writeWithLote(ctx, t, skipLote, itemCultivo); err != nil {
			return domain.Cultivo{}, err
		}
		return next, nil
	})
}

// DiarioResult is a new diary entry and the points it earned.
type DiarioResult struct {
	Entry  domain.DiarioEntry
	Pontos int
}

// AddDiario writes a diary entry (writers). It earns points while the
// author's entries today that earned points are fewer than the rules' daily
// count: a counter item per author and day, moved in the same transaction
// under a condition that keeps it at most the cap. Every entry also counts
// against the member's daily cap of entries (domain.ActDiario, a 429 past
// it). The points counter stays in its own DIARIODIA item rather than on the
// member's DAY# item: its day is Brasília's (the caps' is UTC's), and a
// failed condition on the DAY# item is read as the cap's 429, while a lost
// race on the points counter must be read again and retried.
func (s *Store) AddDiario(ctx context.Context, cid string, actor Actor, in domain.DiarioInput) (DiarioResult, error) {
	if err := domain.CheckPhotoKeys("fotos", in.Fotos, actor.ID); err != nil {
		return DiarioResult{}, err
	}
	rules, err := s.Rules(ctx)
	if err != nil {
		return DiarioResult{}, err
	}
	id := newEntryID()
	var res DiarioResult
	err = attempt(ctx, func() error {
		now := s.now()
		day := domain.FormatDate(domain.LocalDate(now))
		st, err := s.readCultivo(ctx, cid, actor, itemKey{UserPK(actor.ID), DiarioDiaSK(day)}, itemKey{CultivoPK(cid), RegaSK(day)})
		if err != nil {
			return err
		}
		c := st.c
		data, err := c.CanWriteDiary(actor.ID, in.Data, now)
		if err != nil {
			return err
		}
		counted := 0
		if di := st.items[itemKey{UserPK(actor.ID), DiarioDiaSK(day)}]; di != nil {
			counted, _ = strconv.Atoi(nOf(di["n"]))
		}
		t := newTxn(s.Table)
		cu := t.check(itemCultivo, CultivoPK(c.ID), skMeta)
		cu.cond("arquivado = %s", cu.v(boolean(false)))
		requireWriterMember(t, c, actor.ID)
		award := domain.AwardDiario(rules, id, len(in.Fotos) > 0, counted)
		// One paid watering per cultivo a day (undo.go): a second one is
		// recorded, paid nothing and counted toward no conquista.
		if in.Tipo == domain.TipoRega && award != nil {
			if st.items[itemKey{CultivoPK(c.ID), RegaSK(day)}] != nil {
				award = nil
			} else {
				t.putItem(itemRega, map[string]any{"PK": CultivoPK(c.ID), "SK": RegaSK(day), "type": "rega", "entryId": id,
					attrExpiraEm: int(now.Add(dayTTL).Unix())}, "attribute_not_exists(PK)")
			}
		}
		// Only the entries that earn points count toward Diário em Dia, so a
		// burst of entries unlocks nothing.
		counts := map[string]int{domain.ContaFotos: len(in.Fotos), domain.ContaUltimoDiaCuidado: domain.DayNumber(now)}
		if award != nil {
			counts[domain.ContaDiario] = 1
		}
		pts, _, err := s.applyProfile(ctx, t, st.profile, profileChange{award: award, counts: counts}, false, actor.Source, now)
		if err != nil {
			return err
		}
		if award != nil {
			du := t.update(itemDiarioDia, UserPK(actor.ID), DiarioDiaSK(day))
			if counted == 0 {
				du.cond("attribute_not_exists(n)")
			} else {
				du.cond("n = %s", du.v(num(counted)))
			}
			du.incr("n", 1)
			du.set("expiraEm = %s", du.v(num(int(now.Add(48*time.Hour).Unix()))))
		}
		e := domain.DiarioEntry{
			ID: id, CultivoID: c.ID, Tipo: in.Tipo, Texto: in.Texto, Fotos: in.Fotos, AutorID: actor.ID,
			AutorNome: st.profile.profile.Nome, Pontos: pts, Data: data, CriadoEm: now,
		}
		t.putItem("diario", diarioItemOf(e), "attribute_not_exists(PK)")
		t.putItem(itemLogRef, logRefItem{PK: CultivoPK(c.ID), SK: LogRefSK(id), Type: "diarioRef", EntrySK: DiarioSK(now, id),
			AutorID: actor.ID, Fotos: len(in.Fotos), Contou: award != nil, Tipo: in.Tipo, Dia: day}, "attribute_not_exists(PK)")
		dueOnDiary(t, st.items[itemKey{CultivoPK(c.ID), skMeta}], c.ID, now)
		t.countDaily(actor.ID, domain.ActDiario, rules, now)
		t.actedBy(st.profile, now)
		if err := retryable(s.write(ctx, t), itemProfile, itemLedger, itemDiarioDia, itemCultivo, itemRega); err != nil {
			return err
		}
		res = DiarioResult{Entry: e, Pontos: pts}
		return nil
	})
	return res, err
}

func nOf(av types.AttributeValue) string {
	if v, ok := av.(*types.AttributeValueMemberN); ok {
		return v.Value
	}
	return "0"
}

func floatAV(f float64) types.AttributeValue {
	return &types.AttributeValueMemberN{Value: strconv.FormatFloat(f, 'f', -1, 64)}
}

func totaisAttr(t domain.Totais) types.AttributeValue {
	av, err := attributevalue.Marshal(t)
	if err != nil {
		return &types.AttributeValueMemberNULL{Value: true}
	}
	return av
}

// moveLote keeps the lote's count of active cultivos in step when the cultivo
// turns active or not (skip: the lote was deleted since).
func moveLote(t *txn, before, after domain.Cultivo, skip bool) {
	if skip || after.GrupoID == "" || after.LoteCodigo == "" || ativo(before) == ativo(after) {
		return
	}
	u := t.update(itemLote, GroupPK(after.GrupoID), LoteSK(after.LoteCodigo))
	u.cond("attribute_exists(PK)")
	d := 1
	if !ativo(after) {
		d = -1
	}
	u.incr("cultivosAtivos", d)
}

// writeWithLote writes t as retryable(s.write(ctx, t), names...) does, but
// for a write refused because the cultivo's lote no longer exists: then it
// sets skipLote and asks attempt for another round, which writes without
// the lote's count.
func (s *Store) writeWithLote(ctx context.Context, t *txn, skipLote *bool, names ...string) error {
	err := retryable(s.write(ctx, t), names...)
	if err != nil && loteGone(err) {
		*skipLote = true
		return errRetry
	}
	return err
}

// loteGone reports a write refused because the cultivo's lote no longer
// exists: the caller writes again without the lote's count.
func loteGone(err error) bool {
	c, ok := isCancelled(err)
	return ok && c.failed(itemLote)
}

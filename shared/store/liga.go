package store

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// Monthly leagues (domain/liga.go).
//
//	item                     PK                          SK              what
//	league member            LIGA#<mes>#<serie>#<num>    MEMBRO#<uid>    nome, pontos and score key of the month, kept by every award
//	league close             LIGA#<mes>#<serie>#<num>    FECHAMENTO      each member's result, written once
//	série counter            LIGAS#<mes>                 SERIE#<serie>   n: members who joined the série this month
//	(the profile)            USER#<uid>                  PROFILE         ligaMes, ligaSerie, ligaNum; ligaResultado and
//	                                                                     ligaSerieAnterior (how the last league ended)
//
// A member joins this month's league after the first act of the month that
// pays them (joinLeagues, after the act's transaction) or when they open
// /rankings: their série is the one their last league's close gave them
// (the entry série for a first league), their place the next one of the
// série's counter (an atomic ADD), so a league holds at most TamanhoLiga
// members. The join is one transaction conditioned on the profile's
// version: it happens once a month however many acts race.
//
// A league closes when the first of its members joins the next month's
// league (any time after the month's end and domain.LigaGrace): one
// consistent Query of its members, the results of domain.ResultadosLiga
// written once (attribute_not_exists); whoever loses that race reads the
// winner's. So every member's promotion or relegation is decided once, from
// one reading of the final table, whatever acts happen at the month's turn.
//
// Reading one's league (MyLeague) is the profile (GetItem) and the league's
// members (one Query): two calls.

const (
	attrLigaMes      = "ligaMes"
	attrLigaSerie    = "ligaSerie"
	attrLigaNum      = "ligaNum"
	attrLigaRes      = "ligaResultado"
	attrLigaSerieAnt = "ligaSerieAnterior"
	prefixLigaMembro = "MEMBRO#"
	skLigaFecha      = "FECHAMENTO"
	itemLiga         = "liga"
)

func ligaPK(mes string, serie, num int) string { return fmt.Sprintf("LIGA#%s#%d#%d", mes, serie, num) }
func ligaCounterPK(mes string) string          { return "LIGAS#" + mes }
func ligaCounterSK(serie int) string           { return "SERIE#" + strconv.Itoa(serie) }

// ligaState is the league part of a stored profile.
type ligaState struct {
	mes        string
	serie, num int
	resultado  string
	serieAnt   int
}

func ligaStateOf(item record) ligaState {
	l := ligaState{mes: sOf(item[attrLigaMes]), resultado: sOf(item[attrLigaRes])}
	l.serie, _ = strconv.Atoi(nOf(item[attrLigaSerie]))
	l.num, _ = strconv.Atoi(nOf(item[attrLigaNum]))
	l.serieAnt, _ = strconv.Atoi(nOf(item[attrLigaSerieAnt]))
	return l
}

type ligaMembroItem struct {
	PK     string `dynamodbav:"PK"`
	SK     string `dynamodbav:"SK"`
	Type   string `dynamodbav:"type"`
	UserID string `dynamodbav:"userId"`
	Nome   string `dynamodbav:"nome"`
	Pontos int    `dynamodbav:"pontos"`
	Chave  string `dynamodbav:"chave"`
	Oculto bool   `dynamodbav:"oculto"`
	Mes    string `dynamodbav:"mes"`
	Serie  int    `dynamodbav:"serie"`
	Num    int    `dynamodbav:"num"`
	// GSI1 LIGAOF#<uid> / <mes>: a member's leagues, for their account's deletion.
	GSI1PK string `dynamodbav:"GSI1PK"`
	GSI1SK string `dynamodbav:"GSI1SK"`
}

func ligaOf(uid string) string { return "LIGAOF#" + uid }

// leagueJoin is a member to put in this month's league after a write, with
// their profile as that write left it (so the join needs no read of it).
type leagueJoin struct {
	ps profileState
}

// leagueMove keeps the member's line of this month's league in step with
// their monthly points (rankMove calls it with every move of them). A member
// not in this month's league yet is marked to join after the write.
func leagueMove(t *txn, ps profileState, mes int, chave string, now time.Time) {
	month := domain.RankingMonth(now)
	l := ps.liga
	if l.mes != month {
		if mes > 0 {
			after := ps
			after.rank.version, after.rank.hasVer = ps.rank.version+1, true
			after.rank.pontosMes, after.rank.mesRef, after.rank.chaveMes = mes, month, chave
			t.joinLeague = append(t.joinLeague, leagueJoin{ps: after})
		}
		return
	}
	u := t.update(itemLiga+":"+ps.uid, ligaPK(l.mes, l.serie, l.num), prefixLigaMembro+ps.uid)
	u.set("%s = %s", u.n("pontos"), u.v(num(mes)))
	u.set("%s = %s", u.n("chave"), u.v(str(chave)))
	u.set("%s = %s", u.n("nome"), u.v(str(ps.profile.Nome)))
	u.set("%s = %s", u.n("oculto"), u.v(boolean(ps.rank.hidden)))
	u.set("%s = %s", u.n("userId"), u.v(str(ps.uid)))
	u.set("%s = %s", u.n("type"), u.v(str("ligaMembro")))
	u.set("%s = %s", u.n(attrGSI1PK), u.v(str(ligaOf(ps.uid))))
	u.set("%s = %s", u.n(attrGSI1SK), u.v(str(l.mes)))
}

// joinLeagues runs after a committed transaction for the members it marked.
// Errors are logged: the act happened, and the member joins on their next
// act or visit to /rankings.
func (s *Store) joinLeagues(ctx context.Context, t *txn) {
	joins := t.joinLeague
	t.joinLeague = nil
	for _, j := range joins {
		if _, err := s.joinLeague(ctx, j.ps.uid, &j.ps); err != nil {
			slog.Warn("join league", "uid", j.ps.uid, "err", err)
		}
	}
}

// JoinLeague puts uid in this month's league when they earned points this
// month and are in none yet; joined reports whether they are in one now.
func (s *Store) JoinLeague(ctx context.Context, uid string) (joined bool, err error) {
	return s.joinLeague(ctx, uid, nil)
}

// joinLeague is JoinLeague from the profile state known (nil: read it): a
// join costs the série's counter and one transaction (plus, for the first
// member back from a league, that league's close).
func (s *Store) joinLeague(ctx context.Context, uid string, known *profileState) (joined bool, err error) {
	rules, err := s.Rules(ctx)
	if err != nil {
		return false, err
	}
	err = attempt(ctx, func() error {
		now := s.now()
		month := domain.RankingMonth(now)
		var ps profileState
		if known != nil {
			ps, known = *known, nil
		} else {
			item, err := s.getItem(ctx, UserPK(uid), skProfile, "profile")
			if err != nil || item == nil {
				return err
			}
			if ps, err = readProfileState(uid, item); err != nil {
				return err
			}
		}
		l := ps.liga
		if l.mes == month {
			joined = true
			return nil
		}
		mes := ps.rank.monthPoints(month)
		if mes <= 0 {
			return nil
		}
		serie, res := domain.SerieEntrada, ""
		if l.mes != "" {
			if !domain.LigaFechavel(l.mes, now) {
				return nil // the last month's leagues close in a few seconds: join then
			}
			results, err := s.closeLeague(ctx, l.mes, l.serie, l.num, rules)
			if err != nil {
				return err
			}
			res = results[uid]
			serie = domain.SerieSeguinte(l.serie, res)
		}
		seq, err := s.nextInSerie(ctx, month, serie)
		if err != nil {
			return err
		}
		n := (seq - 1) / max(rules.Limites.TamanhoLiga, 1)
		t := newTxn(s.Table)
		t.putItem(itemLiga, ligaMembroItem{PK: ligaPK(month, serie, n), SK: prefixLigaMembro + uid, Type: "ligaMembro", UserID: uid,
			Nome: ps.profile.Nome, Pontos: mes, Chave: ps.rank.chaveMes, Oculto: ps.rank.hidden, Mes: month, Serie: serie, Num: n,
			GSI1PK: ligaOf(uid), GSI1SK: month},
			"attribute_not_exists(PK)")
		u := t.update(itemProfile, UserPK(uid), skProfile)
		if ps.rank.hasVer {
			u.cond("version = %s", u.v(num(ps.rank.version)))
		} else {
			u.cond("attribute_exists(PK) AND attribute_not_exists(version)")
		}
		u.incr("version", 1)
		u.set("%s = %s", u.n(attrLigaMes), u.v(str(month)))
		u.set("%s = %s", u.n(attrLigaSerie), u.v(num(serie)))
		u.set("%s = %s", u.n(attrLigaNum), u.v(num(n)))
		u.set("%s = %s", u.n(attrLigaRes), u.v(str(res)))
		u.set("%s = %s", u.n(attrLigaSerieAnt), u.v(num(l.serie)))
		if err := s.writeTxn(ctx, t); err != nil {
			if c, ok := isCancelled(err); ok && (c.failed(itemProfile) || c.transient()) {
				return errRetry // the profile moved since it was known: read it
			}
			return err
		}
		joined = true
		return nil
	})
	return joined, err
}

// nextInSerie takes the next place in série serie this month (one UpdateItem).
func (s *Store) nextInSerie(ctx context.Context, month string, serie int) (int, error) {
	out, err := s.DB.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: aws.String(s.Table), Key: keyOf(ligaCounterPK(month), ligaCounterSK(serie)),
		UpdateExpression:          aws.String("ADD n :one SET #type = :type"),
		ExpressionAttributeNames:  map[string]string{"#type": "type"},
		ExpressionAttributeValues: record{":one": num(1), ":type": str("ligaSerie")},
		ReturnValues:              types.ReturnValueUpdatedNew,
	})
	if err != nil {
		return 0, fmt.Errorf("league counter: %w", err)
	}
	n, _ := strconv.Atoi(nOf(out.Attributes["n"]))
	return n, nil
}

// leagueMembers reads a league's members, best first (one consistent Query;
// a league holds at most domain.MaxTamanhoLiga members).
func (s *Store) leagueMembers(ctx context.Context, pk string) ([]ligaMembroItem, error) {
	items, err := queryAll(ctx, s, query{PK: pk, Prefix: prefixLigaMembro, Consistent: true, What: "league"}, 2,
		func(r record) (ligaMembroItem, error) { return unmarshal[ligaMembroItem](r, "league member") })
	if err != nil {
		return nil, err
	}
	slices.SortFunc(items, func(a, b ligaMembroItem) int {
		if a.Pontos != b.Pontos {
			return b.Pontos - a.Pontos
		}
		return strings.Compare(b.Chave, a.Chave)
	})
	return items, nil
}

type ligaFechaItem struct {
	PK         string            `dynamodbav:"PK"`
	SK         string            `dynamodbav:"SK"`
	Type       string            `dynamodbav:"type"`
	Resultados map[string]string `dynamodbav:"resultados"`
	Em         string            `dynamodbav:"em"`
}

// ErrLeagueOpen refuses to close a league of a month not over yet.
var ErrLeagueOpen = errors.New("league month not over")

// closeLeague is the month's results of one league, decided once: the stored
// close, or the one this call writes from the final table.
func (s *Store) closeLeague(ctx context.Context, mes string, serie, num int, rules domain.Rules) (map[string]string, error) {
	pk := ligaPK(mes, serie, num)
	if it, err := s.getItem(ctx, pk, skLigaFecha, "league close"); err != nil || it != nil {
		if err != nil {
			return nil, err
		}
		c, err := unmarshal[ligaFechaItem](it, "league close")
		return c.Resultados, err
	}
	if !domain.LigaFechavel(mes, s.now()) {
		return nil, ErrLeagueOpen
	}
	members, err := s.leagueMembers(ctx, pk)
	if err != nil {
		return nil, err
	}
	ranked := make([]domain.LigaMembro, 0, len(members))
	for _, m := range members {
		ranked = append(ranked, domain.LigaMembro{ID: m.UserID, Pontos: m.Pontos, Chave: m.Chave})
	}
	results := domain.ResultadosLiga(ranked, serie, rules)
	item, err := attributevalue.MarshalMap(ligaFechaItem{PK: pk, SK: skLigaFecha, Type: "ligaFechamento", Resultados: results, Em: fmtTime(s.now())})
	if err != nil {
		return nil, err
	}
	_, err = s.DB.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(s.Table), Item: item,
		ConditionExpression: aws.String("attribute_not_exists(PK)")})
	if isConditionFailed(err) {
		return s.closeLeague(ctx, mes, serie, num, rules) // another member closed it first: theirs stands
	}
	if err != nil {
		return nil, fmt.Errorf("close league: %w", err)
	}
	return results, nil
}

// LeagueLine is one member of a league table.
type LeagueLine struct {
	Posicao int
	ID      string
	Nome    string // "" for a member who opted out of the public rankings (shown only to themselves)
	Pontos  int
	Zona    string
	Eu      bool
}

// League is the caller's league this month.
type League struct {
	Participa bool // false: no points this month yet (no league)
	Mes       string
	Serie     int
	Num       int
	Linhas    []LeagueLine
	Zona      int // members in each zone
	// How the caller's last league ended (Resultado "" for a first league).
	Resultado     string
	SerieAnterior int
}

// MyLeague is the caller's league this month: the profile and the league's
// members, two calls (a first visit of the month may join the league first).
func (s *Store) MyLeague(ctx context.Context, uid string) (League, error) {
	rules, err := s.Rules(ctx)
	if err != nil {
		return League{}, err
	}
	month := domain.RankingMonth(s.now())
	item, err := s.getItem(ctx, UserPK(uid), skProfile, "profile")
	if err != nil {
		return League{}, err
	}
	out := League{Mes: month, Linhas: []LeagueLine{}}
	if item == nil {
		return out, nil
	}
	ps, err := readProfileState(uid, item)
	if err != nil {
		return League{}, err
	}
	if ps.liga.mes != month && ps.rank.monthPoints(month) > 0 {
		joined, err := s.JoinLeague(ctx, uid)
		if err != nil || !joined {
			return out, err
		}
		if item, err = s.getItem(ctx, UserPK(uid), skProfile, "profile"); err != nil {
			return League{}, err
		}
		if ps, err = readProfileState(uid, item); err != nil {
			return League{}, err
		}
	}
	l := ps.liga
	if l.mes != month {
		return out, nil
	}
	members, err := s.leagueMembers(ctx, ligaPK(month, l.serie, l.num))
	if err != nil {
		return League{}, err
	}
	out.Participa, out.Serie, out.Num, out.Resultado, out.SerieAnterior = true, l.serie, l.num, l.resultado, l.serieAnt
	out.Zona = domain.ZonaTamanho(len(members), rules)
	for i, m := range members {
		line := LeagueLine{Posicao: i + 1, ID: m.UserID, Nome: m.Nome, Pontos: m.Pontos, Eu: m.UserID == uid,
			Zona: domain.Zona(i+1, len(members), l.serie, rules)}
		if m.Oculto && !line.Eu {
			line.ID, line.Nome = "", ""
		}
		out.Linhas = append(out.Linhas, line)
	}
	return out, nil
}

// eraseLeagues deletes a member's lines of every league (their account's
// deletion): one Query of GSI1 LIGAOF#<uid> and a DeleteItem each.
func eraseLeagues(ctx context.Context, s *Store, uid string, budget int) (int, bool, error) {
	keys, next, err := queryPage(ctx, s, query{Index: IndexGSI1, PK: ligaOf(uid), Limit: max(budget, 1), What: "leagues of a member"}, keyRecord)
	if err != nil {
		return 0, false, err
	}
	for _, k := range keys {
		if _, err := s.DB.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(s.Table), Key: k}); err != nil {
			return 0, false, fmt.Errorf("delete league line: %w", err)
		}
	}
	return len(keys), next == nil, nil
}

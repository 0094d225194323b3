package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// Mutirões (domain/mutirao.go). Everything of one mutirão sits in its
// group's partition under MUT#<mid>, so the mutirão's page is one Query:
//
//	item        PK            SK                    GSI1PK / GSI1SK
//	mutirão     GROUP#<gid>   MUT#<mid>             MUTS#<gid> / <inicio>#<mid>      (the group's, by date)
//	sign-up     GROUP#<gid>   MUT#<mid>#I#<uid>     AGENDA#<uid> / <inicio>#<mid>    (a member's, by date: their calendar, calendar.go)
//
// The mutirão item holds each tarefa's counts as flat attributes (ins_<tid>,
// esp_<tid>), moved by the sign-ups' transactions under conditions on the
// counts: a confirmed sign-up needs ins_<tid> < its vagas when it commits, a
// waiting one needs ins_<tid> = vagas (full) and esp_<tid> as read, and a
// cancellation that hands the vaga on pins esp_<tid> to the count it read
// and the promoted sign-up to espera, so twenty members racing for six
// vagas end with exactly six confirmed, and one cancellation moves exactly
// one waiting member up.

const (
	prefixMutirao  = "MUT#"
	mutsOfGroup    = "MUTS#"
	mutsOfUser     = "AGENDA#"
	itemMutirao    = "mutirao"
	itemInscricao  = "inscricao"
	itemPromovida  = "promovida"
	itemRelMes     = "rel:mes"
	itemRelAno     = "rel:ano"
	mutiraoMaxPage = 3 // a mutirão's Query: itself and at most 50 sign-ups, well inside one page
)

func MutiraoSK(mid string) string           { return prefixMutirao + mid }
func InscricaoSK(mid, uid string) string    { return prefixMutirao + mid + "#I#" + uid }
func mutiraoByTime(m domain.Mutirao) string { return fmtTime(m.Inicio) + "#" + m.ID }

// The cancellation marks every sign-up and tells its member: three items
// each, cancelTxnPeople to a transaction (the first one also cancels the
// mutirão and checks the actor), so a full mutirão takes two.
const cancelTxnPeople = 30

const _ uint = 100 - 2 - 3*cancelTxnPeople
const _ uint = 2*cancelTxnPeople - (domain.MaxVagasMutirao + domain.MaxEsperaMutirao)

type mutiraoItem struct {
	PK            string       `dynamodbav:"PK"`
	SK            string       `dynamodbav:"SK"`
	Type          string       `dynamodbav:"type"`
	ID            string       `dynamodbav:"id"`
	GroupID       string       `dynamodbav:"groupId"`
	Titulo        string       `dynamodbav:"titulo"`
	Descricao     string       `dynamodbav:"descricao"`
	Local         string       `dynamodbav:"local"`
	Inicio        string       `dynamodbav:"inicio"`
	DuracaoMin    int          `dynamodbav:"duracaoMin"`
	Tarefas       []tarefaAttr `dynamodbav:"tarefas"`
	Status        string       `dynamodbav:"status"`
	Codigo        string       `dynamodbav:"codigo"`
	CriadoPor     string       `dynamodbav:"criadoPor"`
	CriadoPorNome string       `dynamodbav:"criadoPorNome"`
	Presentes     int          `dynamodbav:"presentes"`
	Minutos       int          `dynamodbav:"minutos"`
	CriadoEm      string       `dynamodbav:"criadoEm"`
	GSI1PK        string       `dynamodbav:"GSI1PK"`
	GSI1SK        string       `dynamodbav:"GSI1SK"`
}

type tarefaAttr struct {
	ID     string `dynamodbav:"id"`
	Titulo string `dynamodbav:"titulo"`
	Vagas  int    `dynamodbav:"vagas"`
}

func insAttr(tid string) string { return "ins_" + tid }
func espAttr(tid string) string { return "esp_" + tid }

func toMutiraoItem(m domain.Mutirao) record {
	it := mutiraoItem{
		PK: GroupPK(m.GroupID), SK: MutiraoSK(m.ID), Type: "mutirao", ID: m.ID, GroupID: m.GroupID,
		Titulo: m.Titulo, Descricao: m.Descricao, Local: m.Local, Inicio: fmtTime(m.Inicio), DuracaoMin: m.DuracaoMin,
		Status: string(m.Status), Codigo: m.Codigo, CriadoPor: m.CriadoPor, CriadoPorNome: m.CriadoPorNome,
		CriadoEm: fmtTime(m.CriadoEm), GSI1PK: mutsOfGroup + m.GroupID, GSI1SK: mutiraoByTime(m),
	}
	for _, t := range m.Tarefas {
		it.Tarefas = append(it.Tarefas, tarefaAttr{ID: t.ID, Titulo: t.Titulo, Vagas: t.Vagas})
	}
	item, err := attributevalue.MarshalMap(it)
	if err != nil {
		return nil
	}
	for _, t := range m.Tarefas {
		item[insAttr(t.ID)], item[espAttr(t.ID)] = num(t.Inscritos), num(t.Espera)
	}
	item["esperaTotal"] = num(0)
	return item
}

func decodeMutirao(item record) (domain.Mutirao, error) {
	it, err := unmarshal[mutiraoItem](item, "mutirao")
	if err != nil {
		return domain.Mutirao{}, err
	}
	m := domain.Mutirao{
		ID: it.ID, GroupID: it.GroupID, Titulo: it.Titulo, Descricao: it.Descricao, Local: it.Local,
		Inicio: parseTime(it.Inicio), DuracaoMin: it.DuracaoMin, Status: domain.MutiraoStatus(it.Status), Codigo: it.Codigo,
		CriadoPor: it.CriadoPor, CriadoPorNome: it.CriadoPorNome, Presentes: it.Presentes, Minutos: it.Minutos,
		CriadoEm: parseTime(it.CriadoEm), Tarefas: []domain.Tarefa{},
	}
	for _, t := range it.Tarefas {
		m.Tarefas = append(m.Tarefas, domain.Tarefa{ID: t.ID, Titulo: t.Titulo, Vagas: t.Vagas,
			Inscritos: intOf(item[insAttr(t.ID)]), Espera: intOf(item[espAttr(t.ID)])})
	}
	return m, nil
}

// intOf reads a number attribute (0 when absent).
func intOf(av types.AttributeValue) int {
	if n, ok := av.(*types.AttributeValueMemberN); ok {
		v, err := strconv.Atoi(n.Value)
		if err != nil {
			f, _ := strconv.ParseFloat(n.Value, 64)
			return int(f)
		}
		return v
	}
	return 0
}

// floatOf reads a number attribute as a float (0 when absent).
func floatOf(av types.AttributeValue) float64 {
	if n, ok := av.(*types.AttributeValueMemberN); ok {
		f, _ := strconv.ParseFloat(n.Value, 64)
		return f
	}
	return 0
}

type inscricaoItem struct {
	PK        string  `dynamodbav:"PK"`
	SK        string  `dynamodbav:"SK"`
	Type      string  `dynamodbav:"type"`
	GroupID   string  `dynamodbav:"groupId"`
	MutiraoID string  `dynamodbav:"mutiraoId"`
	UserID    string  `dynamodbav:"userId"`
	Nome      string  `dynamodbav:"nome"`
	TarefaID  string  `dynamodbav:"tarefaId"`
	Status    string  `dynamodbav:"status"`
	Desde     string  `dynamodbav:"desde"`
	CheckinEm *string `dynamodbav:"checkinEm,omitempty"`
	Presente  bool    `dynamodbav:"presente"`
	Minutos   int     `dynamodbav:"minutos"`
	// What the member's calendar shows of the mutirão (calendar.go), kept by
	// the mutirão's cancellation.
	Titulo     string `dynamodbav:"titulo"`
	Local      string `dynamodbav:"local"`
	Inicio     string `dynamodbav:"inicio"`
	DuracaoMin int    `dynamodbav:"duracaoMin"`
	Cancelado  bool   `dynamodbav:"cancelado,omitempty"`
	GSI1PK     string `dynamodbav:"GSI1PK"`
	GSI1SK     string `dynamodbav:"GSI1SK"`
}

func decodeInscricao(item record) (domain.Inscricao, error) {
	it, err := unmarshal[inscricaoItem](item, "inscricao")
	if err != nil {
		return domain.Inscricao{}, err
	}
	return domain.Inscricao{
		Cancelado: it.Cancelado,
		GroupID:   it.GroupID, MutiraoID: it.MutiraoID, UserID: it.UserID, Nome: it.Nome, TarefaID: it.TarefaID,
		Status: domain.InscricaoStatus(it.Status), Desde: parseTime(it.Desde), CheckinEm: parseTimePtr(it.CheckinEm),
		Presente: it.Presente, Minutos: it.Minutos,
	}, nil
}

// MutiraoView is a mutirão with its sign-ups (waiting ones in order) and the
// caller's own.
type MutiraoView struct {
	Mutirao    domain.Mutirao
	Inscricoes []domain.Inscricao
	Minha      *domain.Inscricao
}

// readMutirao reads a mutirão and every sign-up: one strongly consistent Query.
func (s *Store) readMutirao(ctx context.Context, gid, mid, uid string) (MutiraoView, error) {
	if !validID(mid) {
		return MutiraoView{}, domain.ErrMutiraoNotFound()
	}
	recs, err := queryAll(ctx, s, query{PK: GroupPK(gid), Prefix: MutiraoSK(mid), Consistent: true, What: "mutirao " + mid}, mutiraoMaxPage,
		func(r record) (record, error) { return r, nil })
	if err != nil {
		return MutiraoView{}, err
	}
	v := MutiraoView{Inscricoes: []domain.Inscricao{}}
	found := false
	for _, r := range recs {
		switch sk := sOf(r[attrSK]); {
		case sk == MutiraoSK(mid):
			if v.Mutirao, err = decodeMutirao(r); err != nil {
				return v, err
			}
			found = true
		case strings.HasPrefix(sk, MutiraoSK(mid)+"#I#"):
			in, err := decodeInscricao(r)
			if err != nil {
				return v, err
			}
			v.Inscricoes = append(v.Inscricoes, in)
		}
	}
	if !found {
		return v, domain.ErrMutiraoNotFound()
	}
	domain.OrdemEspera(v.Inscricoes)
	for i := range v.Inscricoes {
		if v.Inscricoes[i].UserID == uid {
			v.Minha = &v.Inscricoes[i]
		}
	}
	return v, nil
}

// Mutirao is a mutirão's page for a group member (or site admin): the group
// was read (and access checked) by the caller; one Query.
func (s *Store) Mutirao(ctx context.Context, gid, mid, uid string) (MutiraoView, error) {
	return s.readMutirao(ctx, gid, mid, uid)
}

// MutiroesScope binds a mutirões-list cursor to its group and direction.
func MutiroesScope(gid string, passados bool) string {
	return fmt.Sprintf("mutiroes:list|%s|%t", gid, passados)
}

// Mutiroes lists a group's mutirões: the coming ones (not ended before
// today, Brasília) from the soonest, or the past ones from the latest. One
// Query of GSI1.
func (s *Store) Mutiroes(ctx context.Context, gid string, passados bool, limit int, after map[string]string) ([]domain.Mutirao, map[string]string, error) {
	today := domain.LocalDate(s.now()).Add(3 * time.Hour) // 00:00 in Brasília
	// The partition also holds the group's escalas, under ~ESCALA# after every date: the coming
	// mutirões end at the last date.
	return rangePage(ctx, s, rangeQuery{Index: IndexGSI1, PK: mutsOfGroup + gid, From: fmtTime(today), To: "9999", Before: passados,
		Limit: limit, After: after, What: "mutiroes of " + gid}, decodeMutirao)
}

// rangeQuery is one Query of a partition from a sort key on (or, Before,
// the keys under it, newest first).
type rangeQuery struct {
	Index    string
	PK, From string
	To       string // optional upper bound (inclusive) when not Before
	Before   bool
	Limit    int
	After    map[string]string
	What     string
}

func (s *Store) rangeInput(q rangeQuery) *dynamodb.QueryInput {
	pk, sk := query{Index: q.Index}.keyAttrs()
	in := &dynamodb.QueryInput{
		TableName:                 aws.String(s.Table),
		ExpressionAttributeNames:  map[string]string{"#pk": pk, "#sk": sk},
		ExpressionAttributeValues: record{":pk": str(q.PK), ":from": str(q.From)},
		ExclusiveStartKey:         startKey(q.After),
	}
	if q.Index != "" {
		in.IndexName = aws.String(q.Index)
	}
	switch {
	case q.Before:
		in.KeyConditionExpression = aws.String("#pk = :pk AND #sk < :from")
		in.ScanIndexForward = aws.Bool(false)
	case q.To != "":
		in.KeyConditionExpression = aws.String("#pk = :pk AND #sk BETWEEN :from AND :to")
		in.ExpressionAttributeValues[":to"] = str(q.To)
	default:
		in.KeyConditionExpression = aws.String("#pk = :pk AND #sk >= :from")
	}
	if q.Limit > 0 {
		in.Limit = aws.Int32(int32(q.Limit))
	}
	return in
}

// rangePage runs one rangeQuery and decodes its items; a cursor position
// that is not of this query's partition is the API's bad cursor.
func rangePage[T any](ctx context.Context, s *Store, q rangeQuery, decode func(record) (T, error)) ([]T, map[string]string, error) {
	if len(q.After) > 0 {
		pk, _ := query{Index: q.Index}.keyAttrs()
		if q.After[pk] != q.PK {
			return nil, nil, errBadCursor()
		}
	}
	out, err := s.DB.Query(ctx, s.rangeInput(q))
	if err != nil {
		return nil, nil, fmt.Errorf("query %s: %w", q.What, err)
	}
	items, err := decodeAll(out.Items, decode)
	if err != nil {
		return nil, nil, err
	}
	return items, lastKey(out.LastEvaluatedKey), nil
}

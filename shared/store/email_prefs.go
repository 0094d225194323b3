package store

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// A member's e-mail choices (domain.TiposEmail), one item in their partition:
//
//	item             PK          SK      GSI1PK / GSI1SK
//	e-mail choices   USER#<uid>  EMAILS  EMAILS#resumo / <uid>   (only while the digest is chosen)
//
// The weekly digest reads its subscribers from GSI1 (EmailSubscribers), never
// a Scan; the reminders job reads the choices of the members it reminds in
// its BatchGetItem (EmailRecipients). The account's deletion takes the item
// with the rest of the partition.

const skEmails = "EMAILS"

func emailSubscribersPK(tipo string) string { return "EMAILS#" + tipo }

// EmailChoices are the kinds uid chose (one GetItem; none when never chosen).
func (s *Store) EmailChoices(ctx context.Context, uid string) ([]string, error) {
	it, err := s.getItem(ctx, UserPK(uid), skEmails, "e-mail choices")
	if err != nil {
		return nil, err
	}
	return ativosOf(it), nil
}

func ativosOf(it record) []string {
	if l, ok := it["ativos"].(*types.AttributeValueMemberSS); ok {
		return l.Value
	}
	return []string{}
}

// SetEmailChoices replaces uid's choices (one PutItem).
func (s *Store) SetEmailChoices(ctx context.Context, uid string, ativos []string) error {
	item := record{attrPK: str(UserPK(uid)), attrSK: str(skEmails), "type": str("emailChoices"), "atualizadoEm": str(fmtTime(s.now()))}
	if len(ativos) > 0 {
		item["ativos"] = &types.AttributeValueMemberSS{Value: ativos}
	}
	if slices.Contains(ativos, domain.EmailResumo) {
		item[attrGSI1PK], item[attrGSI1SK] = str(emailSubscribersPK(domain.EmailResumo)), str(uid)
	}
	_, err := s.DB.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(s.Table), Item: item})
	if err != nil {
		return fmt.Errorf("save e-mail choices: %w", err)
	}
	return nil
}

// StopEmail takes tipo off uid's choices (an unsubscribe link): one
// UpdateItem, on an item that exists; a member who never chose it, or whose
// account is gone, has nothing to stop.
func (s *Store) StopEmail(ctx context.Context, uid, tipo string) error {
	expr := "DELETE ativos :t SET atualizadoEm = :now"
	if tipo == domain.EmailResumo {
		expr += " REMOVE " + attrGSI1PK + ", " + attrGSI1SK
	}
	_, err := s.DB.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: aws.String(s.Table), Key: keyOf(UserPK(uid), skEmails),
		UpdateExpression:          aws.String(expr),
		ConditionExpression:       aws.String("attribute_exists(PK)"),
		ExpressionAttributeValues: record{":t": stringSet(tipo), ":now": str(fmtTime(s.now()))},
	})
	if isConditionFailed(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("stop e-mail %s: %w", tipo, err)
	}
	return nil
}

// EmailRecipient is what an e-mail needs of a member.
type EmailRecipient struct {
	UID, Email, Nome string
	Ativos           []string
}

// Wants reports whether the member chose tipo.
func (r EmailRecipient) Wants(tipo string) bool { return slices.Contains(r.Ativos, tipo) }

// EmailRecipients reads the profile and the e-mail choices of up to 50
// members (one BatchGetItem); members without a profile are left out.
func (s *Store) EmailRecipients(ctx context.Context, uids []string) (map[string]EmailRecipient, error) {
	if len(uids) > 50 {
		return nil, fmt.Errorf("EmailRecipients: %d members, at most 50 a call", len(uids))
	}
	keys := make([]itemKey, 0, 2*len(uids))
	for _, uid := range uids {
		keys = append(keys, itemKey{UserPK(uid), skProfile}, itemKey{UserPK(uid), skEmails})
	}
	items, err := s.batchGet(ctx, keys...)
	if err != nil {
		return nil, err
	}
	out := map[string]EmailRecipient{}
	for _, uid := range uids {
		p := items[itemKey{UserPK(uid), skProfile}]
		if p == nil {
			continue
		}
		out[uid] = EmailRecipient{UID: uid, Email: sOf(p["email"]), Nome: sOf(p["nome"]), Ativos: ativosOf(items[itemKey{UserPK(uid), skEmails}])}
	}
	return out, nil
}

// EmailSubscribers is a page of the members who chose tipo (GSI1), from after.
func (s *Store) EmailSubscribers(ctx context.Context, tipo string, limit int, after map[string]string) ([]string, map[string]string, error) {
	return queryPage(ctx, s, query{Index: IndexGSI1, PK: emailSubscribersPK(tipo), Limit: limit, After: after, KeysOnly: false, What: "e-mail subscribers"},
		func(it record) (string, error) { return sOf(it[attrGSI1SK]), nil })
}

// emailWeek is the Monday (Brasília) of the week of now, the digest's key.
func emailWeek(now time.Time) string {
	d := domain.LocalDate(now)
	return domain.FormatDate(d.AddDate(0, 0, -((int(d.Weekday()) + 6) % 7)))
}

package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/verde-app/verde/shared/domain"
)

// Notifications that name a member (a like, a comment, a join or lote
// request: domain.Notification.By) leave a pointer in that member's own
// partition, written in the act's transaction with the notification:
//
//	USER#<actor> / NOTIFBY#<recipient>#<notification SK>
//
// so the deletion of the actor's account finds every such notification in
// other members' partitions (one Query of its own partition) and takes the
// name and id out of it ("Usuário removido curtiu seu post"). The pointer is
// erased with the rest of the actor's partition.

const prefixNotifBy = "NOTIFBY#"

type notifByItem struct {
	PK           string `dynamodbav:"PK"`
	SK           string `dynamodbav:"SK"`
	Type         string `dynamodbav:"type"`
	Destinatario string `dynamodbav:"destinatario"`
	NotifSK      string `dynamodbav:"notifSK"`
}

// notifiedBy adds the pointer of a notification that names its actor.
func (t *txn) notifiedBy(n notificationItem) {
	if n.AtorID == "" || n.AtorID == n.UserID {
		return
	}
	t.putItem("notifBy:"+n.ID, notifByItem{PK: UserPK(n.AtorID), SK: prefixNotifBy + n.UserID + "#" + n.SK, Type: "notifBy",
		Destinatario: n.UserID, NotifSK: n.SK}, "")
}

// eraseNotifications is the notifications' part of an account deletion:
// the user's name out of the notifications they caused (eraseNotificationsBy),
// then the pointers other members' partitions hold to the user's own
// notifications (eraseNotificationsTo); the notifications themselves go
// with the user's partition.
func eraseNotifications(ctx context.Context, s *Store, uid string, budget int) (int, bool, error) {
	n, done, err := eraseNotificationsBy(ctx, s, uid, budget)
	if err != nil || !done {
		return n, false, err
	}
	m, done, err := eraseNotificationsTo(ctx, s, uid, budget-n)
	return n + m, done, err
}

// eraseNotificationsTo deletes the user's notifications that name an actor
// with the actor's pointer to each, a page at a time (the others go with
// the user's partition).
func eraseNotificationsTo(ctx context.Context, s *Store, uid string, budget int) (int, bool, error) {
	n := 0
	var start record
	for page := 0; ; page++ {
		if n >= budget || page == 20 {
			return n, false, nil // the next call reads on (what is done is gone)
		}
		out, err := s.DB.Query(ctx, &dynamodb.QueryInput{
			TableName:                 aws.String(s.Table),
			ExclusiveStartKey:         start,
			KeyConditionExpression:    aws.String("PK = :pk AND begins_with(SK, :notif)"),
			FilterExpression:          aws.String("attribute_exists(atorId)"),
			ProjectionExpression:      aws.String("SK, atorId"),
			ExpressionAttributeValues: record{":pk": str(UserPK(uid)), ":notif": str(prefixNotification)},
		})
		if err != nil {
			return n, false, fmt.Errorf("query notifications with an actor: %w", err)
		}
		var del []record
		for _, it := range out.Items {
			sk := sOf(it[attrSK])
			del = append(del, keyOf(UserPK(sOf(it["atorId"])), prefixNotifBy+uid+"#"+sk), keyOf(UserPK(uid), sk))
		}
		if err := s.batchDelete(ctx, del); err != nil {
			return n, false, err
		}
		n += len(out.Items)
		if len(out.LastEvaluatedKey) == 0 {
			return n, true, nil
		}
		start = out.LastEvaluatedKey
	}
}

// eraseNotificationsBy takes the user's name and id out of the notifications
// they caused in other members' partitions, a chunk at a time: one Query of
// the pointers, one BatchGetItem of the notifications, one conditioned
// UpdateItem each (a notification already changed or deleted is skipped),
// and the pointers deleted.
func eraseNotificationsBy(ctx context.Context, s *Store, uid string, budget int) (int, bool, error) {
	limit := min(budget, 50)
	ptrs, next, err := queryPage(ctx, s, query{PK: UserPK(uid), Prefix: prefixNotifBy, Limit: limit, What: "notifications by a user"}, func(r record) (notifByItem, error) {
		return unmarshal[notifByItem](r, "notification pointer")
	})
	if err != nil || len(ptrs) == 0 {
		return 0, next == nil, err
	}
	got, err := s.batchGet(ctx, keysOf(ptrs, func(p notifByItem) itemKey { return itemKey{UserPK(p.Destinatario), p.NotifSK} })...)
	if err != nil {
		return 0, false, err
	}
	var del []record
	for _, p := range ptrs {
		k := itemKey{UserPK(p.Destinatario), p.NotifSK}
		if it := got[k]; it != nil && sOf(it["atorId"]) == uid {
			texto := strings.ReplaceAll(sOf(it["texto"]), sOf(it["atorNome"]), RemovedUserName)
			t := newTxn(s.Table)
			u := t.update("notif", k.PK, k.SK)
			u.cond("%s = %s", u.n("atorId"), u.v(str(uid)))
			u.set("%s = %s", u.n("texto"), u.v(str(texto)))
			u.remove(u.n("atorId"))
			u.remove(u.n("atorNome"))
			if err := s.write(ctx, t); err != nil {
				if c, ok := isCancelled(err); !ok || !c.failed("notif") {
					return 0, false, err
				}
			}
			// A comment notice names its latest commenter (comment_notices.go).
			if pid, ok := strings.CutPrefix(sOf(it["link"]), domain.LinkPost("")); ok && pid != "" {
				_, err := s.DB.UpdateItem(ctx, &dynamodb.UpdateItemInput{
					TableName: aws.String(s.Table), Key: keyOf(k.PK, prefixNotifPost+pid),
					UpdateExpression: aws.String("REMOVE atorId"), ConditionExpression: aws.String("atorId = :uid"),
					ExpressionAttributeValues: record{":uid": str(uid)},
				})
				if err != nil && !isConditionFailed(err) {
					return 0, false, fmt.Errorf("clear comment notice: %w", err)
				}
			}
		}
		del = append(del, keyOf(UserPK(uid), prefixNotifBy+p.Destinatario+"#"+p.NotifSK))
	}
	if err := s.batchDelete(ctx, del); err != nil {
		return 0, false, err
	}
	return len(ptrs), next == nil && len(ptrs) < limit, nil
}

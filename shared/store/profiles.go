package store

import (
	"context"
	"fmt"
	"maps"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/shared/domain"
)

// profileItem is the stored shape of domain.Profile.
type profileItem struct {
	PK                  string   `dynamodbav:"PK"`
	SK                  string   `dynamodbav:"SK"`
	Type                string   `dynamodbav:"type"`
	ID                  string   `dynamodbav:"id"`
	Nome                string   `dynamodbav:"nome"`
	Email               string   `dynamodbav:"email"`
	Foto                *string  `dynamodbav:"foto"`
	Bio                 string   `dynamodbav:"bio"`
	Nivel               int      `dynamodbav:"nivel"`
	Conquistas          []string `dynamodbav:"conquistas"`
	DataCadastro        string   `dynamodbav:"dataCadastro"`
	GruposParticipantes []string `dynamodbav:"gruposParticipantes"`
	PontosTotais        int      `dynamodbav:"pontosTotais"`
	UF                  string   `dynamodbav:"uf,omitempty"`
	Cidade              string   `dynamodbav:"cidade,omitempty"`
	Version             int      `dynamodbav:"version"`
	OcultarDoRanking    bool     `dynamodbav:"ocultarDoRanking,omitempty"`
	EmailVerificado     bool     `dynamodbav:"emailVerificado,omitempty"`
}

func toProfileItem(p domain.Profile) profileItem {
	p.Normalize()
	return profileItem{
		PK: UserPK(p.ID), SK: skProfile, Type: "profile",
		ID: p.ID, Nome: p.Nome, Email: p.Email, Foto: p.Foto, Bio: p.Bio, Nivel: p.Nivel,
		Conquistas: p.Conquistas, DataCadastro: fmtTime(p.DataCadastro),
		GruposParticipantes: p.GruposParticipantes, PontosTotais: p.PontosTotais, UF: p.UF, Cidade: p.Cidade, Version: 1,
		EmailVerificado: p.EmailVerificado,
	}
}

func (it profileItem) profile() domain.Profile {
	t := parseTime(it.DataCadastro)
	p := domain.Profile{
		ID: it.ID, Nome: it.Nome, Email: it.Email, Foto: it.Foto, Bio: it.Bio, Nivel: it.Nivel,
		Conquistas: it.Conquistas, DataCadastro: t, GruposParticipantes: it.GruposParticipantes, PontosTotais: it.PontosTotais,
		UF: it.UF, Cidade: it.Cidade, OcultarDoRanking: it.OcultarDoRanking, EmailVerificado: it.EmailVerificado,
	}
	p.Normalize()
	return p
}

func decodeProfile(item map[string]types.AttributeValue) (domain.Profile, error) {
	it, err := unmarshal[profileItem](item, "profile")
	if err != nil {
		return domain.Profile{}, err
	}
	return it.profile(), nil
}

// Profile reads one profile; found is false when the user has none yet.
func (s *Store) Profile(ctx context.Context, uid string) (p domain.Profile, found bool, err error) {
	out, err := s.DB.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: aws.String(s.Table), Key: keyOf(UserPK(uid), skProfile), ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return domain.Profile{}, false, fmt.Errorf("get profile: %w", err)
	}
	if out.Item == nil {
		return domain.Profile{}, false, nil
	}
	s.healRanking(ctx, uid, out.Item)
	s.settleIfPending(ctx, uid, out.Item)
	p, err = decodeProfile(out.Item)
	return p, err == nil, err
}

// CreateProfile writes p unless the user already has a profile, and returns
// the profile that is stored: p, or the one that was there first. Safe to call
// concurrently: exactly one write wins.
func (s *Store) CreateProfile(ctx context.Context, p domain.Profile) (domain.Profile, bool, error) {
	item, err := attributevalue.MarshalMap(toProfileItem(p))
	if err != nil {
		return domain.Profile{}, false, err
	}
	// The new member is counted in the site's statistics (stats.go) in the same transaction.
	t := newTxn(s.Table)
	t.newMember(item, p.UF, s.now())
	t.put(itemProfile, item, "attribute_not_exists(PK)")
	err = s.writeTxn(ctx, t)
	if c, ok := isCancelled(err); ok && c.failed(itemProfile) {
		err = &types.ConditionalCheckFailedException{}
	}
	if err == nil {
		created := p
		created.Normalize()
		// The admins' member search (admin.go): one BatchWriteItem.
		if err := s.IndexUser(ctx, created.ID, created.Nome, created.Email); err != nil {
			return domain.Profile{}, false, err
		}
		return created, true, nil
	}
	if isConditionFailed(err) {
		// Another call created it first: read the one that is stored. (Asking for
		// ALL_OLD on failure would save this read, but DynamoDB Local's error
		// replies then fail the SDK's checksum.)
		existing, found, gerr := s.Profile(ctx, p.ID)
		if gerr == nil && !found {
			gerr = fmt.Errorf("profile %s vanished", p.ID)
		}
		return existing, false, gerr
	}
	return domain.Profile{}, false, fmt.Errorf("create profile: %w", err)
}

// UpdateProfile applies the cleaned update to an existing profile.
func (s *Store) UpdateProfile(ctx context.Context, uid string, u domain.ProfileUpdate) (domain.Profile, error) {
	if u.OcultarDoRanking != nil {
		if err := s.SetRankingHidden(ctx, uid, *u.OcultarDoRanking); err != nil {
			return domain.Profile{}, err
		}
	}
	expr := "SET version = if_not_exists(version, :zero) + :one"
	values := map[string]types.AttributeValue{
		":zero": &types.AttributeValueMemberN{Value: "0"},
		":one":  &types.AttributeValueMemberN{Value: "1"},
	}
	foto := u.Foto
	if foto != nil && *foto == "" {
		foto = nil // a photo taken out: REMOVE below
	}
	for _, a := range []struct {
		name  string
		value *string
	}{{"nome", u.Nome}, {"bio", u.Bio}, {"uf", u.UF}, {"cidade", u.Cidade}, {"foto", foto}} {
		if a.value != nil {
			expr += ", " + a.name + " = :" + a.name
			values[":"+a.name] = str(*a.value)
		}
	}
	if u.Foto != nil && *u.Foto == "" {
		expr += " REMOVE foto"
	}
	if u.Foto != nil {
		return s.updateProfilePhoto(ctx, uid, u, expr, values)
	}
	// The profile as it was: the reply is it with the update applied, and the
	// admins' member search (admin.go) is written only when the name changed.
	out, err := s.DB.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: aws.String(s.Table), Key: keyOf(UserPK(uid), skProfile),
		UpdateExpression:          aws.String(expr),
		ConditionExpression:       aws.String("attribute_exists(PK)"),
		ExpressionAttributeValues: values,
		ReturnValues:              types.ReturnValueAllOld,
	})
	if isConditionFailed(err) {
		return domain.Profile{}, domain.ErrProfileNotFound()
	}
	if err != nil {
		return domain.Profile{}, fmt.Errorf("update profile: %w", err)
	}
	before, err := decodeProfile(out.Attributes)
	if err != nil {
		return domain.Profile{}, err
	}
	p := before
	if u.Nome != nil {
		p.Nome = *u.Nome
	}
	if u.Bio != nil {
		p.Bio = *u.Bio
	}
	if u.UF != nil {
		p.UF = *u.UF
	}
	if u.Cidade != nil {
		p.Cidade = *u.Cidade
	}
	if u.Foto != nil {
		p.Foto = nil
		if *u.Foto != "" {
			p.Foto = u.Foto
		}
	}
	if p.Nome != before.Nome {
		err = s.ReindexUserName(ctx, uid, before.Nome, p.Nome)
	}
	return p, err
}

// updateProfilePhoto is UpdateProfile when the photo changes: the profile as read (one
// GetItem), then one transaction that writes the update over the photo read, takes the new
// upload (the request's photo claim) and releases the photo replaced; then the profile again.
func (s *Store) updateProfilePhoto(ctx context.Context, uid string, u domain.ProfileUpdate, expr string, values map[string]types.AttributeValue) (domain.Profile, error) {
	var before string // the name as read: the member search is written only when it changed
	err := attempt(ctx, func() error {
		cur, found, err := s.Profile(ctx, uid)
		if err != nil {
			return err
		}
		if !found {
			return domain.ErrProfileNotFound()
		}
		before = cur.Nome
		vals := maps.Clone(values)
		cond := "attribute_exists(PK) AND (attribute_not_exists(foto) OR attribute_type(foto, :nulo))"
		vals[":nulo"] = str("NULL")
		if cur.Foto != nil {
			cond = "attribute_exists(PK) AND foto = :fotoLida"
			delete(vals, ":nulo")
			vals[":fotoLida"] = str(*cur.Foto)
		}
		t := newTxn(s.Table)
		t.names = append(t.names, itemProfile)
		t.items = append(t.items, types.TransactWriteItem{Update: &types.Update{
			TableName: aws.String(s.Table), Key: keyOf(UserPK(uid), skProfile), UpdateExpression: aws.String(expr),
			ConditionExpression: aws.String(cond), ExpressionAttributeValues: vals,
		}})
		if cur.Foto != nil && *cur.Foto != *u.Foto {
			t.release(s.now(), *cur.Foto)
		}
		return retryable(s.write(ctx, t), itemProfile)
	})
	if err != nil {
		return domain.Profile{}, err
	}
	p, _, err := s.Profile(ctx, uid)
	if err == nil && p.Nome != before {
		err = s.ReindexUserName(ctx, uid, before, p.Nome)
	}
	return p, err
}

// MyProfile is Profile for the member themselves (GET /api/me): the first
// call of their day also counts them active (one TransactWriteItems a day;
// a concurrent act that counted them first makes it a no-op).
func (s *Store) MyProfile(ctx context.Context, uid string) (domain.Profile, bool, error) {
	item, err := s.getItem(ctx, UserPK(uid), skProfile, "profile")
	if err != nil || item == nil {
		return domain.Profile{}, false, err
	}
	s.healRanking(ctx, uid, item)
	p, err := decodeProfile(item)
	if err != nil {
		return domain.Profile{}, false, err
	}
	now := s.now()
	if a := activeOf(item); a.last != StatsDay(now) {
		t := newTxn(s.Table)
		t.active(uid, a, now)
		u := t.update(itemProfile, UserPK(uid), skProfile)
		u.cond("attribute_exists(PK)")
		if err := s.writeTxn(ctx, t); err != nil {
			if _, ok := isCancelled(err); !ok {
				return domain.Profile{}, false, err
			}
			// Counted by a concurrent act (or the profile is going away): nothing to do.
		}
	}
	return p, true, nil
}

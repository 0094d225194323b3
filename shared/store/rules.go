package store

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/verde-app/verde/shared/domain"
)

// The rules (domain.Rules) live in one item, CONFIG / APP, as JSON in the
// attribute "rules". A missing item means domain.Defaults; fields an older
// item lacks keep their defaults. A container reads the item at most once a
// minute (rulesTTL), so a change made in /admin/configuracoes reaches every
// function within a minute and a request pays no extra call in between.

const rulesTTL = time.Minute

type rulesCache struct {
	mu    sync.Mutex
	rules domain.Rules
	until time.Time
}

type rulesItem struct {
	PK      string `dynamodbav:"PK"`
	SK      string `dynamodbav:"SK"`
	Type    string `dynamodbav:"type"`
	Version int    `dynamodbav:"version"`
	Rules   string `dynamodbav:"rules"` // domain.Rules as JSON
	Em      string `dynamodbav:"atualizadoEm"`
	Por     string `dynamodbav:"atualizadoPor"`
}

// Rules are the rules in force: from the container's cache when read less
// than a minute ago, else one GetItem.
func (s *Store) Rules(ctx context.Context) (domain.Rules, error) {
	c := &s.rulesCache
	c.mu.Lock()
	defer c.mu.Unlock()
	now := time.Now()
	if now.Before(c.until) {
		return c.rules.Clone(), nil
	}
	item, err := s.getItem(ctx, pkConfig, skApp, "rules")
	if err != nil {
		return domain.Rules{}, err
	}
	r := domain.Defaults()
	if item != nil {
		it, err := unmarshal[rulesItem](item, "rules")
		if err != nil {
			return domain.Rules{}, err
		}
		if r, err = domain.RulesFromJSON([]byte(it.Rules)); err != nil {
			return domain.Rules{}, fmt.Errorf("decode rules: %w", err)
		}
	}
	c.rules, c.until = r, now.Add(rulesTTL)
	return r.Clone(), nil
}

// ForgetRules drops the container's copy of the rules: the next Rules reads
// them (a test that counts one request's calls starts a fresh minute so).
func (s *Store) ForgetRules() {
	s.rulesCache.mu.Lock()
	s.rulesCache.until = time.Time{}
	s.rulesCache.mu.Unlock()
}

// SaveRules stores r as version r.Version, which must follow the stored one
// (the defaults are version 1, stored or not): a save based on an older read is refused with a
// conflict, a number out of range with its field. The container's cache takes
// r at once; other containers within a minute.
func (s *Store) SaveRules(ctx context.Context, r domain.Rules, by string) error {
	if err := r.Valid(); err != nil {
		return err
	}
	body, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("encode rules: %w", err)
	}
	item, err := attributevalue.MarshalMap(rulesItem{
		PK: pkConfig, SK: skApp, Type: "config", Version: r.Version, Rules: string(body), Em: fmtTime(s.now()), Por: by,
	})
	if err != nil {
		return fmt.Errorf("encode rules: %w", err)
	}
	in := &dynamodb.PutItemInput{TableName: aws.String(s.Table), Item: item,
		ConditionExpression: aws.String("attribute_not_exists(PK)")}
	switch {
	case r.Version == 2: // over the defaults, stored or not
		in.ConditionExpression = aws.String("attribute_not_exists(PK) OR version = :prev")
		in.ExpressionAttributeValues = record{":prev": num(1)}
	case r.Version > 2:
		in.ConditionExpression = aws.String("version = :prev")
		in.ExpressionAttributeValues = record{":prev": num(r.Version - 1)}
	}
	if _, err := s.DB.PutItem(ctx, in); err != nil {
		if isConditionFailed(err) {
			return domain.ErrRulesChanged()
		}
		return fmt.Errorf("put rules: %w", err)
	}
	s.rulesCache.mu.Lock()
	s.rulesCache.rules, s.rulesCache.until = r.Clone(), time.Now().Add(rulesTTL)
	s.rulesCache.mu.Unlock()
	return nil
}

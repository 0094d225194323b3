package store

import (
	"fmt"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// storedTime is the one format of every stored time and of every key that
// holds a time: RFC 3339 in UTC with milliseconds and a trailing Z, always 24
// characters, so stored values compare as strings in time order (an invite's
// expiraEm in a condition, NOTIF#<time>#id sort keys). RFC3339Nano would
// not: it trims trailing zeros ("…:05.1Z" sorts after "…:05.12Z").
const storedTime = "2006-01-02T15:04:05.000Z"

// fmtTime is t as stored.
func fmtTime(t time.Time) string { return t.UTC().Format(storedTime) }

// parseTime reads a stored time. It also reads what older items hold (RFC
// 3339 with any number of fraction digits and any offset); an empty or
// broken value is the zero time.
func parseTime(s string) time.Time {
	t, _ := time.Parse(time.RFC3339Nano, s)
	return t.UTC()
}

// parseTimePtr is parseTime of an optional attribute.
func parseTimePtr(s *string) *time.Time {
	if s == nil {
		return nil
	}
	t := parseTime(*s)
	return &t
}

func str(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }

func num(n int) types.AttributeValue { return &types.AttributeValueMemberN{Value: strconv.Itoa(n)} }

func boolean(b bool) types.AttributeValue { return &types.AttributeValueMemberBOOL{Value: b} }

// boolOf reads a boolean attribute (false when absent).
func boolOf(av types.AttributeValue) bool {
	b, ok := av.(*types.AttributeValueMemberBOOL)
	return ok && b.Value
}

// stringSet is a one-element string set, for ADD and DELETE on set attributes.
func stringSet(v string) types.AttributeValue {
	return &types.AttributeValueMemberSS{Value: []string{v}}
}

func sOf(av types.AttributeValue) string {
	if v, ok := av.(*types.AttributeValueMemberS); ok {
		return v.Value
	}
	return ""
}

// unmarshal decodes a stored item into its item struct T; what names it in errors.
func unmarshal[T any](item map[string]types.AttributeValue, what string) (T, error) {
	var it T
	if err := attributevalue.UnmarshalMap(item, &it); err != nil {
		return it, fmt.Errorf("decode %s: %w", what, err)
	}
	return it, nil
}

// unmarshalAs is unmarshal into T as a decoder of records.
func unmarshalAs[T any](what string) func(record) (T, error) {
	return func(r record) (T, error) { return unmarshal[T](r, what) }
}

// lastKey turns a LastEvaluatedKey (all string keys in this table) into a
// cursor position, which the API seals into an opaque cursor.
func lastKey(k map[string]types.AttributeValue) map[string]string {
	if len(k) == 0 {
		return nil
	}
	out := make(map[string]string, len(k))
	for name, av := range k {
		out[name] = sOf(av)
	}
	return out
}

// startKey is lastKey's inverse; only our key attributes pass.
func startKey(pos map[string]string) map[string]types.AttributeValue {
	if len(pos) == 0 {
		return nil
	}
	out := map[string]types.AttributeValue{}
	for name, v := range pos {
		switch name {
		case attrPK, attrSK, attrGSI1PK, attrGSI1SK, attrGSI2PK, attrGSI2SK:
			out[name] = str(v)
		}
	}
	return out
}

// ptr is a pointer to a copy of v.
func ptr[T any](v T) *T { return &v }

package testkit

import (
	"sort"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Flatten writes an item as name=value| pairs (names sorted, nested values
// walked), so a test can look for a string anywhere in it.
func Flatten(it map[string]types.AttributeValue) string {
	var b strings.Builder
	var walk func(av types.AttributeValue)
	walk = func(av types.AttributeValue) {
		switch v := av.(type) {
		case *types.AttributeValueMemberS:
			b.WriteString(v.Value + "|")
		case *types.AttributeValueMemberN:
			b.WriteString(v.Value + "|")
		case *types.AttributeValueMemberSS:
			b.WriteString(strings.Join(v.Value, "|") + "|")
		case *types.AttributeValueMemberB:
			b.Write(v.Value)
			b.WriteString("|")
		case *types.AttributeValueMemberL:
			for _, x := range v.Value {
				walk(x)
			}
		case *types.AttributeValueMemberM:
			walkMap(&b, v.Value, walk)
		}
	}
	walkMap(&b, it, walk)
	return b.String()
}

func walkMap(b *strings.Builder, m map[string]types.AttributeValue, walk func(types.AttributeValue)) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		b.WriteString(k + "=")
		walk(m[k])
	}
}

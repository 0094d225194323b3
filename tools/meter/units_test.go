package meter

import (
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

const kb = 1024

// The examples of DynamoDB's developer guide ("Read/write capacity mode": capacity unit
// consumption for reads and writes, and "Managing capacity for transactions").
func TestUnitsByTheGuidesExamples(t *testing.T) {
	cases := []struct {
		name string
		got  float64
		want float64
	}{
		// "If you read an item that is 3.5 KB, DynamoDB rounds the item size to 4 KB. If you read
		// a 10 KB item, DynamoDB rounds the item size to 12 KB."
		{"GetItem 3.5 KB strongly consistent", GetUnits(3*kb+kb/2, true), 1},
		{"GetItem 10 KB strongly consistent", GetUnits(10*kb, true), 3},
		{"GetItem 10 KB eventually consistent", GetUnits(10*kb, false), 1.5},
		{"GetItem of a missing item costs the minimum", GetUnits(0, false), 0.5},
		// "If BatchGetItem reads a 1.5 KB item and a 6.5 KB item, DynamoDB calculates the size as
		// 12 KB (4 KB + 8 KB), not 8 KB (1.5 KB + 6.5 KB)."
		{"BatchGetItem 1.5 KB + 6.5 KB", BatchGetUnits([]int{kb + kb/2, 6*kb + kb/2}, true), 3},
		// "Suppose your Query returns 10 items whose combined size is 40.8 KB. DynamoDB rounds
		// the item size for the operation to 44 KB." 11 units strongly, 5.5 eventually.
		{"Query 10 items, 40.8 KB in all", QueryUnits(tenItems(41779), true), 11},
		{"Query 10 items, 40.8 KB, eventually consistent", QueryUnits(tenItems(41779), false), 5.5},
		{"Query that reads nothing", QueryUnits(nil, false), 0.5},
		// "If you write a 500-byte item … 1 WCU; a 3.5 KB item … 4 WCU" (rounded up to 1 KB).
		{"PutItem 500 B", WriteUnits(0, 500), 1},
		{"PutItem 3.5 KB", WriteUnits(0, 3*kb+kb/2), 4},
		// UpdateItem: "the larger of the item's size before and after the update".
		{"UpdateItem 1.2 KB grown to 2.5 KB", WriteUnits(kb+kb/5, 2*kb+kb/2), 3},
		{"DeleteItem of a 2.1 KB item", WriteUnits(2*kb+kb/10, 0), 3},
		{"DeleteItem of a missing item", WriteUnits(0, 0), 1},
		// Transactions: "3 transactional writes per second of 5 KB items need 3 × 5 × 2 = 30
		// WCU"; "5 transactional reads per second of 5 KB items: 5 × 8/4 × 2 = 20 RCU".
		{"TransactWriteItems, one 5 KB item", TransactWriteUnits(0, 5*kb), 10},
		{"TransactGetItems, one 5 KB item", TransactGetUnits([]int{5 * kb}), 4},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: %v units, want %v", c.name, c.got, c.want)
		}
	}
}

// DynamoDB Local reported 2 WCU for a TransactWriteItems of 10 small items; AWS bills 20.
func TestTransactionOfTenSmallItems(t *testing.T) {
	total := 0.0
	for range 10 {
		total += TransactWriteUnits(0, 300)
	}
	if total != 20 {
		t.Fatalf("10 small transactional writes: %v WCU, want 20", total)
	}
}

func tenItems(total int) []int {
	out := make([]int, 10)
	for i := range out {
		out[i] = total / 10
	}
	out[9] += total - total/10*10
	return out
}

func s(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
func n(v string) types.AttributeValue { return &types.AttributeValueMemberN{Value: v} }

// Item sizes by the guide's "Item sizes and formats".
func TestItemSize(t *testing.T) {
	cases := []struct {
		name string
		item map[string]types.AttributeValue
		want int
	}{
		{"string: name + UTF-8 bytes", map[string]types.AttributeValue{"nome": s("Horta São João")}, 4 + len("Horta São João")},
		// Numbers: one byte per two significant digits, plus one; leading and trailing zeros
		// do not count.
		{"number 12345", map[string]types.AttributeValue{"n": n("12345")}, 1 + 3 + 1},
		{"number 1000 (one significant digit)", map[string]types.AttributeValue{"n": n("1000")}, 1 + 1 + 1},
		{"number 0.0025", map[string]types.AttributeValue{"n": n("0.0025")}, 1 + 1 + 1},
		{"number -3.14159", map[string]types.AttributeValue{"n": n("-3.14159")}, 1 + 3 + 1},
		{"number 0", map[string]types.AttributeValue{"n": n("0")}, 1 + 1},
		{"bool and null: one byte", map[string]types.AttributeValue{"a": &types.AttributeValueMemberBOOL{Value: true}, "b": &types.AttributeValueMemberNULL{Value: true}}, 1 + 1 + 1 + 1},
		{"binary", map[string]types.AttributeValue{"b": &types.AttributeValueMemberB{Value: make([]byte, 10)}}, 1 + 10},
		// Lists and maps: 3 bytes, plus one byte per element.
		{"empty list", map[string]types.AttributeValue{"l": &types.AttributeValueMemberL{}}, 1 + 3},
		{"list of two strings", map[string]types.AttributeValue{"l": &types.AttributeValueMemberL{Value: []types.AttributeValue{s("ab"), s("c")}}}, 1 + 3 + (1 + 2) + (1 + 1)},
		{"map", map[string]types.AttributeValue{"m": &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{"k": s("vv")}}}, 1 + 3 + 1 + 1 + 2},
		{"string set", map[string]types.AttributeValue{"ss": &types.AttributeValueMemberSS{Value: []string{"a", "bc"}}}, 2 + 3},
	}
	for _, c := range cases {
		if got := ItemSize(c.item); got != c.want {
			t.Errorf("%s: %d bytes, want %d", c.name, got, c.want)
		}
	}
}

func TestIndexWriteUnits(t *testing.T) {
	ix := []Index{{Name: "GSI1", PK: "GSI1PK", SK: "GSI1SK"}, {Name: "GSI2", PK: "GSI2PK", SK: "GSI2SK"}}
	base := func(gsi1sk, pad string) map[string]types.AttributeValue {
		m := map[string]types.AttributeValue{"PK": s("P"), "SK": s("S"), "pad": s(pad)}
		if gsi1sk != "" {
			m["GSI1PK"], m["GSI1SK"] = s("G"), s(gsi1sk)
		}
		return m
	}
	big := strings.Repeat("x", 1500)
	cases := []struct {
		name          string
		before, after map[string]types.AttributeValue
		want          float64
	}{
		{"in no index", nil, base("", "a"), 0},
		{"enters one index", nil, base("1", "a"), 1},
		{"enters one index, 1.5 KB", nil, base("1", big), 2},
		{"changes in place", base("1", "a"), base("1", "b"), 1},
		{"key changes: remove + add", base("1", "a"), base("2", "a"), 2},
		{"leaves the index", base("1", "a"), nil, 1},
	}
	for _, c := range cases {
		if got := IndexWriteUnits(ix, c.before, c.after); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

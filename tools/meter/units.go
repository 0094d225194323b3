// Package meter measures what Verde would be billed for: the DynamoDB request units of every
// call, computed from item sizes by DynamoDB's on-demand billing rules (never taken from
// DynamoDB Local, which under-reports transactions and indexes), recorded per API request by an
// SDK middleware (Recorder), and priced with one table of AWS list prices (prices.go, cost.go).
// `make season` (tools/season) and `make bench` (tools/bench) both use it.
//
// The billing rules, as DynamoDB's developer guide states them ("Read/write capacity mode",
// "Item sizes", "Managing capacity for transactions"):
//
//   - sizes are in bytes; a read unit covers 4 KB (4,096 B), a write unit 1 KB (1,024 B);
//   - GetItem: the item's size rounded up to 4 KB, one unit per 4 KB strongly consistent, half
//     a unit eventually consistent; an item that is not there still costs the minimum;
//   - BatchGetItem: each item on its own, as GetItem (1.5 KB + 6.5 KB is 4 KB + 8 KB);
//   - Query and Scan: the sum of the sizes of every item read (before any filter, whatever the
//     projection or Select COUNT), rounded up to 4 KB once per page; the minimum if none;
//   - TransactGetItems: twice GetItem's strongly consistent units, per item;
//   - PutItem, UpdateItem, DeleteItem: the larger of the item's size before and after, rounded
//     up to 1 KB, at least one unit; a write refused by its condition costs the same;
//   - BatchWriteItem: each item on its own;
//   - TransactWriteItems: twice the units of each action, rounded per item before doubling; a
//     ConditionCheck is billed here as a transactional write of the item it checks (the guide
//     bills condition checks in a transaction; we take the dearer reading);
//   - global secondary indexes: each index an item enters, leaves or changes in costs index
//     writes at the index entry's size (the whole item: Verde projects ALL): one write to add or
//     update an entry, one to remove it, two when the index key changes (remove + add). Index
//     writes are billed at the standard rate, also inside a transaction.
package meter

import (
	"math"
	"math/big"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// ReadUnit and WriteUnit are the item sizes one request unit covers.
const (
	ReadUnit  = 4096
	WriteUnit = 1024
)

// Units are request units: read (RRU) and write (WRU), table and indexes together.
type Units struct {
	Read  float64 `json:"read"`
	Write float64 `json:"write"`
	// IndexWrite is the part of Write spent on global secondary indexes.
	IndexWrite float64 `json:"indexWrite"`
}

// Add sums u and v.
func (u Units) Add(v Units) Units {
	return Units{Read: u.Read + v.Read, Write: u.Write + v.Write, IndexWrite: u.IndexWrite + v.IndexWrite}
}

func ceilDiv(n, d int) int {
	if n <= 0 {
		return 0
	}
	return (n + d - 1) / d
}

func readFactor(consistent bool) float64 {
	if consistent {
		return 1
	}
	return 0.5
}

// GetUnits is a GetItem of an item of size bytes (0: no item).
func GetUnits(size int, consistent bool) float64 {
	return float64(max(1, ceilDiv(size, ReadUnit))) * readFactor(consistent)
}

// BatchGetUnits is a BatchGetItem that returned items of these sizes: each rounded on its own.
// Keys asked for but not found cost nothing more here (DynamoDB bills the items it returns and
// the minimum for a call that returned none).
func BatchGetUnits(sizes []int, consistent bool) float64 {
	if len(sizes) == 0 {
		return readFactor(consistent)
	}
	n := 0
	for _, s := range sizes {
		n += max(1, ceilDiv(s, ReadUnit))
	}
	return float64(n) * readFactor(consistent)
}

// QueryUnits is one page of a Query or Scan that read items of these sizes: their sum, rounded
// up to 4 KB once.
func QueryUnits(sizes []int, consistent bool) float64 {
	sum := 0
	for _, s := range sizes {
		sum += s
	}
	return float64(max(1, ceilDiv(sum, ReadUnit))) * readFactor(consistent)
}

// TransactGetUnits is a TransactGetItems of items of these sizes.
func TransactGetUnits(sizes []int) float64 {
	n := 0
	for _, s := range sizes {
		n += 2 * max(1, ceilDiv(s, ReadUnit))
	}
	return float64(n)
}

// WriteUnits is one PutItem, UpdateItem or DeleteItem (or one item of a BatchWriteItem) of an
// item whose size was before and is after (0: absent).
func WriteUnits(before, after int) float64 {
	return float64(max(1, ceilDiv(max(before, after), WriteUnit)))
}

// TransactWriteUnits is one action of a TransactWriteItems: twice WriteUnits.
func TransactWriteUnits(before, after int) float64 { return 2 * WriteUnits(before, after) }

// Index is a global secondary index's key attributes.
type Index struct {
	Name, PK, SK string
}

// IndexWriteUnits are the index writes of one item's change from before to after (nil: absent):
// for each index, nothing when the item is in it neither before nor after, one write at the
// entry's size to add or change an entry, one to remove it, two when its key changes.
func IndexWriteUnits(indexes []Index, before, after map[string]types.AttributeValue) float64 {
	total := 0.0
	for _, ix := range indexes {
		bk, inBefore := indexKey(ix, before)
		ak, inAfter := indexKey(ix, after)
		switch {
		case inBefore && inAfter && bk == ak:
			total += WriteUnits(ItemSize(before), ItemSize(after))
		case inBefore && inAfter:
			total += WriteUnits(ItemSize(before), 0) + WriteUnits(0, ItemSize(after))
		case inBefore:
			total += WriteUnits(ItemSize(before), 0)
		case inAfter:
			total += WriteUnits(0, ItemSize(after))
		}
	}
	return total
}

func indexKey(ix Index, item map[string]types.AttributeValue) (string, bool) {
	if item == nil {
		return "", false
	}
	pk, ok1 := item[ix.PK].(*types.AttributeValueMemberS)
	sk, ok2 := item[ix.SK].(*types.AttributeValueMemberS)
	if !ok1 || !ok2 {
		return "", false
	}
	return pk.Value + "\x00" + sk.Value, true
}

// ItemSize is an item's size by DynamoDB's rules: for each attribute, the UTF-8 length of its
// name plus its value's size. Strings: their UTF-8 bytes; binary: its bytes; numbers: one byte
// per two significant digits plus one; booleans and null: one byte; sets: the sum of their
// elements; lists and maps: three bytes plus, per element, one byte and the element's size
// (a map's element counts its key's name too).
func ItemSize(item map[string]types.AttributeValue) int {
	n := 0
	for k, v := range item {
		n += len(k) + valueSize(v)
	}
	return n
}

// sizeOfAll is the sum of size over a set's members.
func sizeOfAll[T any](xs []T, size func(T) int) int {
	n := 0
	for _, x := range xs {
		n += size(x)
	}
	return n
}

func valueSize(v types.AttributeValue) int {
	switch v := v.(type) {
	case *types.AttributeValueMemberS:
		return len(v.Value)
	case *types.AttributeValueMemberN:
		return numberSize(v.Value)
	case *types.AttributeValueMemberB:
		return len(v.Value)
	case *types.AttributeValueMemberBOOL, *types.AttributeValueMemberNULL:
		return 1
	case *types.AttributeValueMemberSS:
		return sizeOfAll(v.Value, func(s string) int { return len(s) })
	case *types.AttributeValueMemberNS:
		return sizeOfAll(v.Value, numberSize)
	case *types.AttributeValueMemberBS:
		return sizeOfAll(v.Value, func(b []byte) int { return len(b) })
	case *types.AttributeValueMemberL:
		n := 3
		for _, e := range v.Value {
			n += 1 + valueSize(e)
		}
		return n
	case *types.AttributeValueMemberM:
		n := 3
		for k, e := range v.Value {
			n += 1 + len(k) + valueSize(e)
		}
		return n
	}
	return 0
}

// numberSize is a number's stored size: one byte per two significant digits (leading and
// trailing zeros do not count), plus one.
func numberSize(s string) int {
	s = strings.TrimLeft(strings.TrimSpace(s), "+-")
	if f, ok := new(big.Float).SetString(s); ok && f.Sign() == 0 {
		return 1
	}
	mant := s
	if i := strings.IndexAny(mant, "eE"); i >= 0 {
		mant = mant[:i]
	}
	digits := strings.ReplaceAll(mant, ".", "")
	digits = strings.Trim(digits, "0")
	if digits == "" {
		return 1
	}
	return int(math.Ceil(float64(len(digits))/2)) + 1
}

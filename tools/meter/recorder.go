package meter

import (
	"context"
	"maps"
	"os"
	"regexp"
	"sync"
	"sync/atomic"
	"time"

	"github.com/aws/aws-lambda-go/lambdacontext"
	"github.com/aws/aws-sdk-go-v2/aws"
	awsmiddleware "github.com/aws/aws-sdk-go-v2/aws/middleware"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go/middleware"
)

// Call is one DynamoDB call a function made, with what AWS would bill for it.
type Call struct {
	// RequestID is the Lambda request id of the invocation that made it (an API request's is
	// its Apigw-Requestid header); "" outside an invocation.
	RequestID string
	Function  string
	Op        string
	Units     Units
	// Items is how many items it read or wrote; Bytes their sizes summed.
	Items, Bytes int
	// Took is the call's time against DynamoDB Local (not AWS's latency); Overhead the
	// recorder's own item reads around it (inside the request's time, not the function's).
	Took, Overhead time.Duration
	Err            bool
}

// Recorder is an SDK middleware that records every DynamoDB call with its request units. Item
// sizes come from the items themselves: a write's item is read before and after it with a
// separate, uninstrumented client (consistent reads, not billed here), and a read that hid its
// items (a projection, a filter, Select COUNT) is read again without them, as DynamoDB bills
// the whole items it reads.
type Recorder struct {
	raw     *dynamodb.Client
	rawOnce sync.Once
	table   string
	indexes []Index

	mu     sync.Mutex
	calls  []Call
	paused atomic.Bool
}

// Pause stops recording (and the recorder's own item reads) until Pause(false): a measure of
// CPU must not include the recorder's work.
func (r *Recorder) Pause(p bool) { r.paused.Store(p) }

// NewRecorder records calls to table (whose global secondary indexes are indexes); raw is a
// client of the same DynamoDB without the recorder, for the item reads the recorder makes itself.
func NewRecorder(raw *dynamodb.Client, table string, indexes []Index) *Recorder {
	return &Recorder{raw: raw, table: table, indexes: indexes}
}

// NewLazyRecorder is NewRecorder whose raw client is made on first use from the environment
// (AWS_ENDPOINT_URL_DYNAMODB, as the local cloud sets it for its functions): for a recorder
// that must be attached before the local cloud has started.
func NewLazyRecorder(table string, indexes []Index) *Recorder {
	return &Recorder{table: table, indexes: indexes}
}

func (r *Recorder) client() *dynamodb.Client {
	r.rawOnce.Do(func() {
		if r.raw != nil {
			return
		}
		cfg := aws.Config{Region: "us-east-1", Credentials: credentials.NewStaticCredentialsProvider("local", "local", "")}
		r.raw = dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) { o.BaseEndpoint = aws.String(os.Getenv("AWS_ENDPOINT_URL_DYNAMODB")) })
		if r.table == "" {
			r.table = os.Getenv("TABLE_NAME")
		}
	})
	return r.raw
}

// IndexesOf lists the global secondary indexes of a CreateTable input.
func IndexesOf(in *dynamodb.CreateTableInput) []Index {
	var out []Index
	for _, g := range in.GlobalSecondaryIndexes {
		ix := Index{Name: aws.ToString(g.IndexName)}
		for _, k := range g.KeySchema {
			if k.KeyType == types.KeyTypeHash {
				ix.PK = aws.ToString(k.AttributeName)
			} else {
				ix.SK = aws.ToString(k.AttributeName)
			}
		}
		out = append(out, ix)
	}
	return out
}

// Attach returns the SDK option that records function's calls.
func (r *Recorder) Attach(function string) func(*aws.Config) {
	return func(cfg *aws.Config) {
		cfg.APIOptions = append(cfg.APIOptions, func(stack *middleware.Stack) error {
			return stack.Initialize.Add(middleware.InitializeMiddlewareFunc("verdeMeter",
				func(ctx context.Context, in middleware.InitializeInput, next middleware.InitializeHandler) (middleware.InitializeOutput, middleware.Metadata, error) {
					return r.handle(ctx, function, in, next)
				}), middleware.After)
		})
	}
}

// Take removes and returns the calls made under request id.
func (r *Recorder) Take(id string) []Call {
	r.mu.Lock()
	defer r.mu.Unlock()
	var mine, rest []Call
	for _, c := range r.calls {
		if c.RequestID == id {
			mine = append(mine, c)
		} else {
			rest = append(rest, c)
		}
	}
	r.calls = rest
	return mine
}

// TakeAll removes and returns every call recorded so far.
func (r *Recorder) TakeAll() []Call {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.calls
	r.calls = nil
	return out
}

func (r *Recorder) add(c Call) {
	r.mu.Lock()
	r.calls = append(r.calls, c)
	r.mu.Unlock()
}

type key = map[string]types.AttributeValue

func (r *Recorder) handle(ctx context.Context, function string, in middleware.InitializeInput, next middleware.InitializeHandler) (middleware.InitializeOutput, middleware.Metadata, error) {
	if r.paused.Load() || awsmiddleware.GetServiceID(ctx) != "DynamoDB" {
		return next.HandleInitialize(ctx, in) // Instrument reaches every client: meter DynamoDB's
	}
	c := Call{Function: function, Op: middleware.GetOperationName(ctx)}
	if lc, ok := lambdacontext.FromContext(ctx); ok {
		c.RequestID = lc.AwsRequestID
	}
	shadow := context.WithoutCancel(ctx)

	// Writes: the items before.
	var writes []write
	switch p := in.Parameters.(type) {
	case *dynamodb.PutItemInput:
		writes = []write{{key: r.keyOf(p.Item), put: p.Item}}
	case *dynamodb.UpdateItemInput:
		writes = []write{{key: p.Key, update: true}}
	case *dynamodb.DeleteItemInput:
		writes = []write{{key: p.Key}}
	case *dynamodb.BatchWriteItemInput:
		for _, reqs := range p.RequestItems {
			for _, w := range reqs {
				if w.PutRequest != nil {
					writes = append(writes, write{key: r.keyOf(w.PutRequest.Item), put: w.PutRequest.Item})
				} else if w.DeleteRequest != nil {
					writes = append(writes, write{key: w.DeleteRequest.Key})
				}
			}
		}
	case *dynamodb.TransactWriteItemsInput:
		for _, t := range p.TransactItems {
			switch {
			case t.Put != nil:
				writes = append(writes, write{key: r.keyOf(t.Put.Item), put: t.Put.Item, tx: true})
			case t.Update != nil:
				writes = append(writes, write{key: t.Update.Key, update: true, tx: true})
			case t.Delete != nil:
				writes = append(writes, write{key: t.Delete.Key, tx: true})
			case t.ConditionCheck != nil:
				writes = append(writes, write{key: t.ConditionCheck.Key, check: true, tx: true})
			}
		}
	}
	shadowStart := time.Now()
	if len(writes) > 0 {
		before := r.fetch(shadow, keysOf(writes))
		for i := range writes {
			writes[i].before = before[i]
		}
	}

	c.Overhead = time.Since(shadowStart)
	start := time.Now()
	out, md, err := next.HandleInitialize(ctx, in)
	c.Took = time.Since(start)
	c.Err = err != nil
	afterStart := time.Now()

	if len(writes) > 0 {
		var after []key
		if err == nil {
			var need []key
			for _, w := range writes {
				if w.update {
					need = append(need, w.key)
				}
			}
			got := r.fetch(shadow, need)
			j := 0
			for _, w := range writes {
				switch {
				case w.check:
					after = append(after, w.before)
				case w.update:
					after = append(after, got[j])
					j++
				case w.put != nil:
					after = append(after, w.put)
				default:
					after = append(after, nil)
				}
			}
		} else {
			// Refused (a condition, a cancelled transaction): billed, nothing changed.
			for _, w := range writes {
				after = append(after, w.before)
			}
		}
		var batchUnprocessed map[string]bool
		if bw, ok := out.Result.(*dynamodb.BatchWriteItemOutput); ok && err == nil {
			batchUnprocessed = unprocessedKeys(r, bw.UnprocessedItems)
		}
		for i, w := range writes {
			if batchUnprocessed != nil && batchUnprocessed[keyString(w.key)] {
				continue // not written: the caller sends it again, as another call
			}
			b, a := ItemSize(w.before), ItemSize(after[i])
			if w.tx {
				c.Units.Write += TransactWriteUnits(b, a)
			} else {
				c.Units.Write += WriteUnits(b, a)
			}
			if !w.check && err == nil {
				iw := IndexWriteUnits(r.indexes, w.before, after[i])
				c.Units.Write += iw
				c.Units.IndexWrite += iw
			}
			c.Items++
			c.Bytes += max(b, a)
		}
		c.Overhead += time.Since(afterStart)
		r.add(c)
		return out, md, err
	}

	// Reads.
	switch p := in.Parameters.(type) {
	case *dynamodb.GetItemInput:
		size := 0
		if o, ok := out.Result.(*dynamodb.GetItemOutput); ok && o.Item != nil {
			size = ItemSize(o.Item)
			if p.ProjectionExpression != nil {
				size = ItemSize(r.fetch(shadow, []key{p.Key})[0])
			}
			c.Items = 1
		}
		c.Bytes = size
		c.Units.Read = GetUnits(size, aws.ToBool(p.ConsistentRead))
	case *dynamodb.BatchGetItemInput:
		var sizes []int
		consistent := false
		if o, ok := out.Result.(*dynamodb.BatchGetItemOutput); ok {
			for t, items := range o.Responses {
				ka := p.RequestItems[t]
				consistent = consistent || aws.ToBool(ka.ConsistentRead)
				if ka.ProjectionExpression != nil {
					var keys []key
					for _, it := range items {
						keys = append(keys, r.keyOf(it))
					}
					items = r.fetch(shadow, keys)
				}
				for _, it := range items {
					sizes = append(sizes, ItemSize(it))
				}
			}
		}
		for _, ka := range p.RequestItems {
			consistent = consistent || aws.ToBool(ka.ConsistentRead)
		}
		c.Items = len(sizes)
		for _, s := range sizes {
			c.Bytes += s
		}
		c.Units.Read = BatchGetUnits(sizes, consistent)
	case *dynamodb.TransactGetItemsInput:
		var sizes []int
		if _, ok := out.Result.(*dynamodb.TransactGetItemsOutput); ok {
			var keys []key
			for _, t := range p.TransactItems {
				if t.Get != nil {
					keys = append(keys, t.Get.Key)
				}
			}
			for _, it := range r.fetch(shadow, keys) {
				sizes = append(sizes, ItemSize(it))
			}
		}
		c.Items = len(sizes)
		c.Units.Read = TransactGetUnits(sizes)
	case *dynamodb.QueryInput:
		var items []key
		if o, ok := out.Result.(*dynamodb.QueryOutput); ok {
			items = o.Items
			if p.Select == types.SelectCount || p.FilterExpression != nil || p.ProjectionExpression != nil {
				items = r.evaluated(shadow, p)
			}
		}
		sizes := make([]int, len(items))
		for i, it := range items {
			sizes[i] = ItemSize(it)
			c.Bytes += sizes[i]
		}
		c.Items = len(items)
		c.Units.Read = QueryUnits(sizes, aws.ToBool(p.ConsistentRead))
	case *dynamodb.ScanInput:
		var sizes []int
		if o, ok := out.Result.(*dynamodb.ScanOutput); ok {
			// A Scan reads its page whatever its filter; the export job's pages are read whole.
			for _, it := range o.Items {
				sizes = append(sizes, ItemSize(it))
			}
			if p.FilterExpression != nil && int(o.ScannedCount) > len(o.Items) {
				// The filtered-out items were read too: bill the scanned count at the mean size seen.
				mean := 400
				if len(sizes) > 0 {
					sum := 0
					for _, s := range sizes {
						sum += s
					}
					mean = sum / len(sizes)
				}
				for range int(o.ScannedCount) - len(o.Items) {
					sizes = append(sizes, mean)
				}
			}
		}
		c.Items = len(sizes)
		c.Units.Read = QueryUnits(sizes, aws.ToBool(p.ConsistentRead))
	default:
		// Control-plane calls (CreateTable, DescribeTable …): not request units.
	}
	c.Overhead += time.Since(afterStart)
	r.add(c)
	return out, md, err
}

type write struct {
	key           key
	put           key
	update, check bool
	tx            bool
	before        key
}

func keysOf(ws []write) []key {
	out := make([]key, len(ws))
	for i, w := range ws {
		out[i] = w.key
	}
	return out
}

// keyOf is an item's primary key: Verde's table is keyed by PK and SK (store.TableInput).
func (r *Recorder) keyOf(item key) key {
	return key{"PK": item["PK"], "SK": item["SK"]}
}

func keyString(k key) string {
	s := func(v types.AttributeValue) string {
		if x, ok := v.(*types.AttributeValueMemberS); ok {
			return x.Value
		}
		return ""
	}
	return s(k["PK"]) + "\x00" + s(k["SK"])
}

func unprocessedKeys(r *Recorder, m map[string][]types.WriteRequest) map[string]bool {
	out := map[string]bool{}
	for _, reqs := range m {
		for _, w := range reqs {
			if w.PutRequest != nil {
				out[keyString(r.keyOf(w.PutRequest.Item))] = true
			} else if w.DeleteRequest != nil {
				out[keyString(w.DeleteRequest.Key)] = true
			}
		}
	}
	return out
}

// fetch reads the items of keys as they are now (nil where absent), in the keys' order.
func (r *Recorder) fetch(ctx context.Context, keys []key) []key {
	out := make([]key, len(keys))
	if len(keys) == 0 {
		return out
	}
	found := map[string]key{}
	pending := map[string]bool{}
	var unique []key
	for _, k := range keys {
		ks := keyString(k)
		if !pending[ks] {
			pending[ks] = true
			unique = append(unique, r.keyOf(k))
		}
	}
	for len(unique) > 0 {
		n := min(100, len(unique))
		r.client()
		req := map[string]types.KeysAndAttributes{r.table: {Keys: unique[:n], ConsistentRead: aws.Bool(true)}}
		unique = unique[n:]
		for len(req) > 0 {
			o, err := r.client().BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: req})
			if err != nil {
				break
			}
			for _, it := range o.Responses[r.table] {
				found[keyString(it)] = it
			}
			req = o.UnprocessedKeys
		}
	}
	for i, k := range keys {
		out[i] = found[keyString(k)]
	}
	return out
}

var placeholder = regexp.MustCompile(`[#:][A-Za-z0-9_]+`)

// evaluated reads again, whole, the items a Query page evaluated: the same key condition, start
// and limit, without its filter, projection or Select.
func (r *Recorder) evaluated(ctx context.Context, p *dynamodb.QueryInput) []key {
	used := map[string]bool{}
	for _, m := range placeholder.FindAllString(aws.ToString(p.KeyConditionExpression), -1) {
		used[m] = true
	}
	names := map[string]string{}
	for k, v := range p.ExpressionAttributeNames {
		if used[k] {
			names[k] = v
		}
	}
	values := map[string]types.AttributeValue{}
	for k, v := range p.ExpressionAttributeValues {
		if used[k] {
			values[k] = v
		}
	}
	q := &dynamodb.QueryInput{
		TableName: p.TableName, IndexName: p.IndexName, KeyConditionExpression: p.KeyConditionExpression,
		ExclusiveStartKey: maps.Clone(p.ExclusiveStartKey), Limit: p.Limit, ScanIndexForward: p.ScanIndexForward,
		ConsistentRead: p.ConsistentRead,
	}
	if len(names) > 0 {
		q.ExpressionAttributeNames = names
	}
	if len(values) > 0 {
		q.ExpressionAttributeValues = values
	}
	o, err := r.client().Query(ctx, q)
	if err != nil {
		return nil
	}
	return o.Items
}

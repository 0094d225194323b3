// Package routes is the route part of `make bench` (tools/bench): each API route, called the way
// the SPA calls it against DynamoDB Local and cognito-local, with its DynamoDB calls, the
// capacity units DynamoDB reports, the CPU its function's process spends and its reply size. It
// runs only with VERDE_BENCH=1 (tools/bench sets it); `make test` skips it without starting the
// emulators. It prints figures and asserts nothing about them.
package routes

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go/middleware"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/infra/local/testcloud"
	"github.com/verde-app/verde/infra/testkit"
	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/areas"
	"github.com/verde-app/verde/shared/auth/cognitoadmin"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/httpenc"
)

func TestMain(m *testing.M) {
	if os.Getenv("VERDE_BENCH") != "1" {
		os.Exit(m.Run())
	}
	testcloud.Run(m, cloud.Options{})
}

// capacity sums the ConsumedCapacity DynamoDB reports, asking for it on every call.
type capacity struct {
	mu       sync.Mutex
	rcu, wcu float64
}

func (c *capacity) attach(cfg *aws.Config) {
	cfg.APIOptions = append(cfg.APIOptions, func(stack *middleware.Stack) error {
		return stack.Initialize.Add(middleware.InitializeMiddlewareFunc("verdeBenchCapacity",
			func(ctx context.Context, in middleware.InitializeInput, next middleware.InitializeHandler) (middleware.InitializeOutput, middleware.Metadata, error) {
				total := types.ReturnConsumedCapacityTotal
				switch p := in.Parameters.(type) {
				case *dynamodb.GetItemInput:
					p.ReturnConsumedCapacity = total
				case *dynamodb.QueryInput:
					p.ReturnConsumedCapacity = total
				case *dynamodb.BatchGetItemInput:
					p.ReturnConsumedCapacity = total
				case *dynamodb.PutItemInput:
					p.ReturnConsumedCapacity = total
				case *dynamodb.UpdateItemInput:
					p.ReturnConsumedCapacity = total
				case *dynamodb.DeleteItemInput:
					p.ReturnConsumedCapacity = total
				case *dynamodb.TransactWriteItemsInput:
					p.ReturnConsumedCapacity = total
				case *dynamodb.TransactGetItemsInput:
					p.ReturnConsumedCapacity = total
				case *dynamodb.BatchWriteItemInput:
					p.ReturnConsumedCapacity = total
				}
				out, md, err := next.HandleInitialize(ctx, in)
				var got []types.ConsumedCapacity
				switch r := out.Result.(type) {
				case *dynamodb.GetItemOutput:
					got = one(r.ConsumedCapacity)
				case *dynamodb.QueryOutput:
					got = one(r.ConsumedCapacity)
				case *dynamodb.PutItemOutput:
					got = one(r.ConsumedCapacity)
				case *dynamodb.UpdateItemOutput:
					got = one(r.ConsumedCapacity)
				case *dynamodb.DeleteItemOutput:
					got = one(r.ConsumedCapacity)
				case *dynamodb.BatchGetItemOutput:
					got = r.ConsumedCapacity
				case *dynamodb.TransactWriteItemsOutput:
					got = r.ConsumedCapacity
				case *dynamodb.TransactGetItemsOutput:
					got = r.ConsumedCapacity
				case *dynamodb.BatchWriteItemOutput:
					got = r.ConsumedCapacity
				}
				c.mu.Lock()
				for _, cc := range got {
					c.rcu += aws.ToFloat64(cc.ReadCapacityUnits)
					c.wcu += aws.ToFloat64(cc.WriteCapacityUnits)
					if cc.ReadCapacityUnits == nil && cc.WriteCapacityUnits == nil && cc.CapacityUnits != nil {
						// DynamoDB Local reports only the total for some calls: a write's, for a writer.
						if isWrite(in.Parameters) {
							c.wcu += *cc.CapacityUnits
						} else {
							c.rcu += *cc.CapacityUnits
						}
					}
				}
				c.mu.Unlock()
				return out, md, err
			}), middleware.After)
	})
}

func one(c *types.ConsumedCapacity) []types.ConsumedCapacity {
	if c == nil {
		return nil
	}
	return []types.ConsumedCapacity{*c}
}

func isWrite(p any) bool {
	switch p.(type) {
	case *dynamodb.PutItemInput, *dynamodb.UpdateItemInput, *dynamodb.DeleteItemInput,
		*dynamodb.TransactWriteItemsInput, *dynamodb.BatchWriteItemInput:
		return true
	}
	return false
}

func (c *capacity) take() (float64, float64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r, w := c.rcu, c.wcu
	c.rcu, c.wcu = 0, 0
	return r, w
}

func cpuNow() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Figure is one printed line (tools/bench reads the JSON).
type Figure struct {
	Method    string         `json:"method"`
	Route     string         `json:"route"`
	Calls     int            `json:"calls"`
	ByOp      map[string]int `json:"byOp"`
	RCU       float64        `json:"rcu"`
	WCU       float64        `json:"wcu"`
	CPUMs     float64        `json:"cpuMs"`
	Bytes     int            `json:"bytes"`
	GzipBytes int            `json:"gzipBytes"`
	Status    int            `json:"status"`
}

func TestRouteFigures(t *testing.T) {
	if os.Getenv("VERDE_BENCH") != "1" {
		t.Skip("make bench runs this (VERDE_BENCH=1)")
	}
	ctx := context.Background()
	calls := &testkit.CallCounter{}
	cap := &capacity{}
	deps, err := app.NewDeps(ctx, app.ConfigFromEnv(), calls.Attach, cap.attach)
	if err != nil {
		t.Fatal(err)
	}
	cognitoadmin.Wire(&deps)
	env := &testkit.Env{Cloud: testcloud.Get(), Deps: deps, Calls: calls}

	// Every area's routes behind one mux, as API Gateway puts them behind one host.
	var all []api.Route
	ids := make([]string, 0, len(areas.APIs))
	for id := range areas.APIs {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		all = append(all, areas.APIs[id].Routes(deps)...)
	}
	h := api.NewMux(all)

	// A group at the size limits that matter: 500 lotes, the fixture's members and invite. Lists
	// are read as the SPA reads them (its page sizes).
	cast := env.NewCast(t)
	fx := env.NewFixture(t, cast, testkit.FixtureOpts{})
	gid := fx.Group.ID
	area := 10.0
	for _, prefix := range []string{"B", "C", "D", "E", "F"} {
		from, to := 1, domain.MaxLotesPerRequest
		if _, err := deps.Store.CreateLotes(ctx, gid, testkit.Actor(cast.Owner), domain.LoteBulkInput{Prefixo: prefix, Inicio: &from, Fim: &to, Area: &area}); err != nil {
			t.Fatal(err)
		}
	}
	from, to := 1, domain.MaxLotesPerGroup-4-5*domain.MaxLotesPerRequest
	if _, err := deps.Store.CreateLotes(ctx, gid, testkit.Actor(cast.Owner), domain.LoteBulkInput{Prefixo: "G", Inicio: &from, Fim: &to, Area: &area}); err != nil {
		t.Fatal(err)
	}

	type call struct {
		method, route, path string
		user                testkit.User
		body                any
		runs                int
		before              func() // per run, not measured
	}
	g := func(p string) string { return strings.ReplaceAll(p, "{groupId}", gid) }
	joiners := make(chan testkit.User, 4)
	lote := 0
	cases := []call{
		{"GET", "/api/me", "/api/me", cast.Member, nil, 20, nil},
		{"PUT", "/api/me", "/api/me", cast.Member, map[string]any{"nome": "Marta Membro", "bio": "Horta de casa"}, 10, nil},
		{"GET", "/api/notifications/unread-count", "/api/notifications/unread-count", cast.Member, nil, 20, nil},
		{"GET", "/api/me/groups", "/api/me/groups", cast.Member, nil, 20, nil},
		{"GET", "/api/groups", "/api/groups", cast.Stranger, nil, 20, nil},
		{"GET", "/api/groups/{groupId}", g("/api/groups/{groupId}"), cast.Member, nil, 20, nil},
		{"GET", "/api/groups/{groupId}/public", g("/api/groups/{groupId}/public"), testkit.User{}, nil, 20, nil},
		{"GET", "/api/groups/{groupId}/members", g("/api/groups/{groupId}/members"), cast.Member, nil, 20, nil},
		{"GET", "/api/groups/{groupId}/lotes", g("/api/groups/{groupId}/lotes") + "?limit=100", cast.Member, nil, 20, nil}, // the grid's page
		{"GET", "/api/groups/{groupId}/lote-requests", g("/api/groups/{groupId}/lote-requests"), cast.Owner, nil, 20, nil},
		{"GET", "/api/groups/{groupId}/invites", g("/api/groups/{groupId}/invites"), cast.Owner, nil, 20, nil},
		{"GET", "/api/invites/{token}", "/api/invites/" + fx.Invite, cast.Stranger, nil, 20, nil},
		{"POST", "/api/groups/{groupId}/lotes/{codigo}/requests", "", cast.Alvo, nil, 3, func() { lote++ }},
		{"POST", "/api/groups/{groupId}/join", g("/api/groups/{groupId}/join"), testkit.User{}, nil, 3, nil},
	}
	for range 3 {
		joiners <- env.NewUser(t, "Joana Nova")
	}

	var figures []Figure
	for _, c := range cases {
		var cpus []float64
		var last testkit.Response
		var rcu, wcu float64
		var byOp map[string]int
		for i := 0; i < c.runs+1; i++ { // the first run warms caches (token, connections) and is not counted
			if c.before != nil {
				c.before()
			}
			path, user := c.path, c.user
			if strings.HasSuffix(c.route, "/requests") && c.method == "POST" {
				path = g(fmt.Sprintf("/api/groups/{groupId}/lotes/B%d/requests", lote))
			}
			if strings.HasSuffix(c.route, "/join") {
				if i == 0 {
					user = cast.Stranger
				} else {
					user = <-joiners
				}
			}
			calls.Reset()
			cap.take()
			start := cpuNow()
			last = testkit.Do(t, h, c.method, path, user, c.body)
			spent := cpuNow() - start
			r, w := cap.take()
			if i == 0 {
				continue
			}
			cpus = append(cpus, float64(spent.Microseconds())/1000)
			rcu, wcu, byOp = r, w, calls.ByOperation()
		}
		if last.Status >= 400 {
			t.Logf("%s %s answered %d: %s", c.method, c.route, last.Status, last.Body)
		}
		sort.Float64s(cpus)
		total := 0
		for _, n := range byOp {
			total += n
		}
		figures = append(figures, Figure{
			Method: c.method, Route: c.route, Calls: total, ByOp: byOp, RCU: rcu, WCU: wcu,
			CPUMs: cpus[len(cpus)/2], Bytes: len(last.Body), GzipBytes: gzipLen(last.Body),
			Status: last.Status,
		})
	}
	out, _ := json.Marshal(figures)
	fmt.Println("BENCH-JSON " + string(out))
}

// gzipLen is the body's size as the API's gzip middleware sends it (httpenc.MinSize).
func gzipLen(body []byte) int {
	if len(body) < httpenc.MinSize {
		return len(body)
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(body)
	zw.Close()
	return buf.Len()
}

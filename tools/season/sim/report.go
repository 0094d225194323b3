package sim

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/verde-app/verde/tools/meter"
)

// Assumptions of the cost model that the local cloud cannot measure, each stated where it is
// printed.
const (
	memoryGB       = 0.25 // MemorySize 256 (template.yaml Globals)
	coldShare      = 0.02 // one invocation in 50 starts a container
	coldInitMs     = 60   // a Go function's init on arm64 at 256 MB, billed (INIT is billed on provided.al2023)
	platformLogB   = 320  // START, END and REPORT lines Lambda writes for each invocation (text format)
	spaAssetsBytes = 125_000
	spaAssetsReqs  = 20
	secretsPerCold = 2 // the cursor and origin secrets, read once per container
	indexOverheadB = 100
	// DashboardTarget is item 3's target: /dashboard draws from at most this many API requests.
	DashboardTarget = 2
	// ReadCallsTarget: each read the SPA makes is at most this many DynamoDB calls.
	ReadCallsTarget = 2
	// CostTarget is the monthly cost per 1,000 active members at 10,000 members, in US$.
	CostTarget = 1.00
)

// Report is the season's figures.
type Report struct {
	Config      Config
	Wall        time.Duration
	MemberMonth int
	Months      int
	Usage       meter.Usage
	Tier        string
	Invariants  []*Invariant
	Routes      []*RouteStats
	Invoked     []*RouteStats
	Sessions    int
	TableBytes  int64
	TableItems  int
	Cut         int
	CutReasons  []string
}

// Failed reports whether an invariant failed.
func (r Report) Failed() bool {
	for _, inv := range r.Invariants {
		if len(inv.Failures) > 0 {
			return true
		}
	}
	return false
}

// Report computes the season's figures (after Run).
func (s *Sim) Report(ctx context.Context) (Report, error) {
	st := s.stats
	mm, months := st.memberMonths()
	r := Report{Config: s.cfg, Wall: st.wall, MemberMonth: mm, Months: months, Invariants: s.invariants, Routes: st.sortedRoutes(),
		Cut: st.cut, CutReasons: st.cutReasons}
	for _, v := range st.invoked {
		r.Invoked = append(r.Invoked, v)
	}
	for _, n := range st.sessions {
		r.Sessions += n
	}
	if mm == 0 {
		return r, fmt.Errorf("no member had a session")
	}
	per := 1 / float64(mm)
	u := meter.Usage{}
	var gbs float64
	apiN := 0
	for _, rt := range r.Routes {
		switch {
		case rt.API:
			apiN += rt.N
			u.APIRequests += float64(rt.N) * per
			u.RRU += rt.Units.Read * per
			u.WRU += rt.Units.Write * per
			u.APIReplyBytes += float64(rt.Bytes) * per
			gbs += rt.ModelledMs / 1000 * memoryGB
		case strings.HasPrefix(rt.Route, "GET /media/"):
			u.PhotoGets += float64(rt.N) * per
			u.PhotoBytesOut += float64(rt.Bytes) * per
		case strings.HasPrefix(rt.Route, "PUT s3"):
			u.PhotoPuts += float64(rt.N) * per
			u.PhotoBytesIn += float64(rt.Bytes) * per
		}
		if rt.Route == "POST /api/cultivos/{cultivoId}/diario" || rt.Route == "POST /api/cultivos/{cultivoId}/colheitas" || rt.Route == "POST /api/posts" {
			// Each photo an item names is checked in the bucket (one ranged GET).
			u.PhotoChecks += float64(rt.N) * per * 0.4
		}
	}
	other := 0
	for _, v := range r.Invoked {
		other += v.N
		u.RRU += v.Units.Read * per
		u.WRU += v.Units.Write * per
		gbs += (float64(v.Took.Milliseconds()) + v.ModelledMs) / 1000 * memoryGB
	}
	// Cognito's triggers: PreSignUp and PostConfirmation for each sign-up.
	other += 2 * st.cognitoSignUps
	u.OtherInvocations = float64(other) * per
	invocations := float64(apiN + other)
	gbs += invocations * coldShare * coldInitMs / 1000 * memoryGB
	u.GBSeconds = gbs * per
	u.SecretReads = invocations * coldShare * secretsPerCold * per
	u.LogBytes = (invocations*platformLogB + float64(st.LogBytes.Load())) * per
	u.PageLoads = float64(r.Sessions) * per
	u.PageBytes = u.PageLoads * float64(indexBytes(s.cloud.URL))
	u.AssetBytes, u.AssetRequests = spaAssetsBytes, spaAssetsReqs // one cold load a month
	live := 0
	for _, m := range s.members {
		if !m.deleted {
			live++
		}
	}
	u.ActiveShare = float64(mm) / float64(months) / float64(max(1, live))
	items, bytes, err := s.tableSize(ctx)
	if err != nil {
		return r, err
	}
	r.TableItems, r.TableBytes = items, bytes
	// What a member leaves stored after the season (a year-old community).
	u.StoredTableBytesPerMember = float64(bytes) / float64(len(s.members))
	u.StoredPhotoBytesPerMember = float64(st.photoBytesStored) / float64(len(s.members))
	u.StoredLogBytesPerMember = u.LogBytes * u.ActiveShare // 30 days kept (LogRetentionInDays)
	r.Usage = u
	r.Tier = TemplateTier(s.cloud.Root + "/template.yaml")
	return r, nil
}

// indexBytes is index.html as the local cloud (like CloudFront) sends it, gzipped.
func indexBytes(base string) int {
	req, _ := http.NewRequest(http.MethodGet, base+"/dashboard", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := (&http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{DisableCompression: true}}).Do(req)
	if err != nil {
		return 1_500
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return len(b)
}

// tableSize sums every item's size and its index entries' (the table's storage, billed per GB).
// Items whose TTL (expiraEm, epoch seconds) is past on the season's clock are left out: DynamoDB
// deletes them within days, DynamoDB Local never does.
func (s *Sim) tableSize(ctx context.Context) (int, int64, error) {
	db := s.dynamo()
	now := s.now().Unix()
	var start map[string]types.AttributeValue
	items, total := 0, int64(0)
	for {
		out, err := db.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String(s.cloud.TableName), ExclusiveStartKey: start})
		if err != nil {
			return 0, 0, err
		}
		for _, it := range out.Items {
			if exp := numAttr(it["expiraEm"]); exp > 0 && int64(exp) < now {
				continue
			}
			size := int64(meter.ItemSize(it) + indexOverheadB)
			for _, ix := range []string{"GSI1PK", "GSI2PK"} {
				if _, ok := it[ix]; ok {
					size += int64(meter.ItemSize(it) + indexOverheadB)
				}
			}
			items++
			total += size
		}
		if out.LastEvaluatedKey == nil {
			break
		}
		start = out.LastEvaluatedKey
	}
	return items, total, nil
}

var tierLine = regexp.MustCompile(`(?m)^\s+UserPoolTier:\s*(\S+)`)

// TemplateTier is the Cognito tier template.yaml sets (Essentials when it sets none: Cognito's
// default for a pool made without a tier).
func TemplateTier(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return "ESSENTIALS"
	}
	if m := tierLine.FindSubmatch(b); m != nil {
		v := strings.Trim(string(m[1]), `"'`)
		if strings.HasPrefix(v, "!") {
			return "LITE"
		}
		return strings.ToUpper(v)
	}
	return "ESSENTIALS"
}

// Print writes the report.
func (r Report) Print(w io.Writer) {
	c := r.Config
	fmt.Fprintf(w, "Verde season: %d members, %d groups, %d days from %s, seed %d, activity ×%.2f (played in %s)\n",
		c.Members, c.Groups, c.Days, brasilia(c.Start).Format("2006-01-02"), c.Seed, c.Activity, r.Wall.Round(time.Second))
	fmt.Fprintf(w, "  %d sessions, %d active member-months over %d months (%.0f%% of members active in a month)\n",
		r.Sessions, r.MemberMonth, r.Months, r.Usage.ActiveShare*100)
	fmt.Fprintf(w, "  %d sessions cut short by an answer the member did not expect\n", r.Cut)
	for _, c := range r.CutReasons {
		fmt.Fprintf(w, "      %s\n", c)
	}
	fmt.Fprintln(w)

	per := 1 / float64(r.MemberMonth)
	fmt.Fprintf(w, "Requests per active member per month, by route (DynamoDB calls and request units per request: mean / max; RRU and WRU by AWS's billing rules from item sizes, tools/meter)\n")
	fmt.Fprintf(w, "  %-58s %8s %9s %9s %9s %9s\n", "route", "per m-mo", "calls", "RRU", "WRU", "B sent")
	for _, rt := range r.Routes {
		if !rt.API {
			continue
		}
		n := float64(rt.N)
		mark := ""
		switch {
		case rt.Route == "GET /api/dashboard":
			// Every card's route in one reply: the target holds per section (docs/reads.md).
			if limit := ReadCallsTarget * len(dashboardSections); rt.MaxCalls > limit {
				mark = fmt.Sprintf("  calls > %d (%d sections)", limit, len(dashboardSections))
			}
		case strings.HasPrefix(rt.Route, "GET ") && rt.MaxCalls > ReadCallsTarget:
			mark = fmt.Sprintf("  calls > %d", ReadCallsTarget)
		}
		fmt.Fprintf(w, "  %-58s %8.2f %4.1f/%-4d %4.1f/%-4.0f %4.1f/%-4.0f %9.0f%s\n", rt.Route, n*per,
			float64(rt.Calls)/n, rt.MaxCalls, rt.Units.Read/n, rt.MaxUnits.Read, rt.Units.Write/n, rt.MaxUnits.Write, float64(rt.Bytes)/n, mark)
	}
	fmt.Fprintf(w, "  outside the API:\n")
	for _, rt := range r.Routes {
		if !rt.API {
			fmt.Fprintf(w, "  %-58s %8.2f %30s %9.0f\n", rt.Route, float64(rt.N)*per, "", float64(rt.Bytes)/float64(rt.N))
		}
	}
	for _, v := range r.Invoked {
		fmt.Fprintf(w, "  %-58s %8.3f  %d calls, %.1f RRU, %.1f WRU in all\n", v.Route+" (invocations by the season)", float64(v.N)*per, v.Calls, v.Units.Read, v.Units.Write)
	}

	u := r.Usage
	dashboardRequests := len(DashboardReads)
	mark := func(ok bool) string {
		if ok {
			return "met"
		}
		return "NOT MET"
	}
	fmt.Fprintf(w, "\nPer active member per month\n")
	fmt.Fprintf(w, "  API requests            %10.1f   (a session: %.1f; the dashboard's load: %d requests, target ≤ %d: %s)\n",
		u.APIRequests, u.APIRequests/u.PageLoads, dashboardRequests, DashboardTarget, mark(dashboardRequests <= DashboardTarget))
	fmt.Fprintf(w, "  sessions                %10.1f\n", u.PageLoads)
	fmt.Fprintf(w, "  read request units      %10.1f\n", u.RRU)
	fmt.Fprintf(w, "  write request units     %10.1f\n", u.WRU)
	fmt.Fprintf(w, "  Lambda invocations      %10.1f   (%.2f outside the API: triggers, jobs)\n", u.APIRequests+u.OtherInvocations, u.OtherInvocations)
	fmt.Fprintf(w, "  Lambda GB-seconds       %10.3f   (256 MB; the function's own time here + AWS's DynamoDB latency per call; %.0f%% cold starts of %d ms)\n", u.GBSeconds, coldShare*100, coldInitMs)
	fmt.Fprintf(w, "  photos stored           %10.0f B   (%.2f uploads; %.0f B per member kept after the season)\n", u.PhotoBytesIn, u.PhotoPuts, u.StoredPhotoBytesPerMember)
	fmt.Fprintf(w, "  photos served          %10.0f B   (%.1f photos through CloudFront, none cached by CloudFront counted)\n", u.PhotoBytesOut, u.PhotoGets)
	fmt.Fprintf(w, "  API replies sent        %10.0f B\n", u.APIReplyBytes)
	fmt.Fprintf(w, "  log bytes               %10.0f B   (Lambda's %d B per invocation + the functions' own lines)\n", u.LogBytes, platformLogB)
	fmt.Fprintf(w, "  Cognito MAU             %10.2f   (every active member signs in or refreshes a token in the month)\n", 1.0)
	fmt.Fprintf(w, "  table after the season  %10d items, %.1f MB with index entries (%.0f B per member)\n", r.TableItems, float64(r.TableBytes)/1e6, u.StoredTableBytesPerMember)

	fmt.Fprintf(w, "\nMonthly cost per 1,000 active members, from this season's usage (target at 10,000 members: US$ %.2f)\n", CostTarget)
	meter.Prices.PrintBills(w, u, r.Tier, []float64{1_000, 10_000, 100_000}, 10_000, CostTarget)

	fmt.Fprintf(w, "\nInvariants\n")
	for _, inv := range r.Invariants {
		status := "ok"
		if len(inv.Failures) > 0 {
			status = fmt.Sprintf("FAILED (%d)", len(inv.Failures))
		}
		fmt.Fprintf(w, "  %-70s %6d checked  %s\n", inv.Name, inv.Checked, status)
		for i, f := range inv.Failures {
			if i == 10 {
				fmt.Fprintf(w, "      … %d more\n", len(inv.Failures)-10)
				break
			}
			fmt.Fprintf(w, "      %s\n", f)
		}
	}
}

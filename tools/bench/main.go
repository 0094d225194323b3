// Command bench is `make bench`: it prints, for the current tree, what Verde costs to run and
// how fast it starts. It is a benchmark, not a test: it prints figures and never fails on one.
//
//  1. Each function's zipped package and binary (from `make build`, linux/arm64), against the
//     4 MB target (make build fails past 4.5 MB, the Makefile's MAX_PACKAGE_BYTES).
//  2. Each function's init instructions: the instructions it executes from exec to its first
//     poll of the Lambda Runtime API (a fake one here), counted by valgrind's callgrind on a
//     linux/amd64 build of the same code (perf counters are not available everywhere, and the
//     count does not depend on the machine's load), as a ratio to a bare aws-lambda-go handler
//     (tools/bench/bare) built and counted in the same run; target ≤ 2.0×.
//  3. Every GET the SPA makes and every create (with its Idempotency-Key): DynamoDB calls, the
//     request units AWS would bill (tools/meter, from item sizes), CPU in the functions' process
//     and reply size, on a season's data (tools/bench/routes, VERDE_BENCH=1; SEASON_DIR).
//  4. The JavaScript each entry route needs before it can draw (spa/scripts/check-size.mjs).
//  5. Lighthouse's mobile performance for /login, and signed in as the season's busiest member
//     for /dashboard, /feed and a cultivo page (tools/bench/lighthouse.mjs).
//  6. The monthly cost per 1,000 active members: the last `make season`'s (its real route mix),
//     from SEASON_DIR's report; the bench does not model usage of its own.
//
// Flags skip the slow parts: -lighthouse=false, -routes=false, -init=false.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/verde-app/verde/tools/bench/routes"
)

var (
	root        = flag.String("root", ".", "repository root")
	doInit      = flag.Bool("init", true, "count init instructions with valgrind")
	doRoutes    = flag.Bool("routes", true, "measure each route against the emulators")
	doLH        = flag.Bool("lighthouse", true, "run Lighthouse against the local cloud")
	doPhotos    = flag.Bool("photos", true, "the photo processor's figures and a phone's /feed image bytes (photos.go)")
	lighthouseN = flag.Int("lighthouse-runs", 3, "Lighthouse runs per page (the median is shown)")
	seasonDir   = flag.String("season", os.Getenv("SEASON_DIR"), "the data make season kept (routes and Lighthouse run on a copy)")
)

// Targets the figures are printed against.
const (
	maxPackageBytes = 4_000_000 // the target (the Makefile fails past MAX_PACKAGE_BYTES, 4.5 MB)
	maxInitRatio    = 2.0       // init instructions / a bare aws-lambda-go handler's
	maxReadCalls    = 2         // DynamoDB calls of a read the SPA makes
)

func main() {
	flag.Parse()
	fns, err := functions(filepath.Join(*root, "Makefile"))
	if err != nil {
		fail(err)
	}

	fmt.Println("Verde bench (figures, not a test; see docs/performance.md)")
	fmt.Println()
	fmt.Printf("Lambda functions: zipped package (budget %.1f MB) and binary (linux/arm64, make build); init = instructions from exec to the first Runtime API poll (callgrind, linux/amd64 build), and its ratio to a bare aws-lambda-go handler's (target ≤ %.1f×)\n", float64(maxPackageBytes)/1e6, maxInitRatio)
	var bare int64
	if *doInit {
		n, err := initInstructions("./tools/bench/bare", "BareHandler")
		if err != nil {
			fmt.Println("  bare handler: init", err)
		} else {
			bare = n
			fmt.Printf("  %-26s %46s init %6.2f M instructions (the baseline)\n", "bare aws-lambda-go", "", float64(n)/1e6)
		}
	}
	for _, f := range fns {
		zip, bin := size(filepath.Join(*root, ".build", f.id+".zip")), size(filepath.Join(*root, ".build", f.id, "bootstrap"))
		mark := "ok"
		if zip > maxPackageBytes {
			mark = "OVER"
		}
		line := fmt.Sprintf("  %-26s zip %5.2f MB %-4s  binary %5.2f MB", f.id, mb(zip), mark, mb(bin))
		if *doInit {
			n, err := initInstructions("./functions/"+f.dir, f.id)
			if err != nil {
				line += "   init: " + err.Error()
			} else {
				line += fmt.Sprintf("   init %6.2f M instructions", float64(n)/1e6)
				if bare > 0 {
					r := float64(n) / float64(bare)
					line += fmt.Sprintf("  %4.1f×", r)
					if r > maxInitRatio {
						line += fmt.Sprintf(" (target ≤ %.1f×: NOT MET)", maxInitRatio)
					}
				}
			}
		}
		fmt.Println(line)
	}

	if *doRoutes {
		fmt.Println()
		fmt.Printf("Routes: every GET the SPA makes and every create (* = with its Idempotency-Key), over HTTP as the SPA sends them; DynamoDB calls per request (reads: target ≤ %d), the request units AWS bills (from item sizes, tools/meter; not DynamoDB Local's), CPU in the functions' process (median; reads only), reply bytes as JSON / gzip\n", maxReadCalls)
		figures, notes, err := routeFigures()
		if err != nil {
			fmt.Println("  routes:", err)
		}
		for _, n := range notes {
			fmt.Println("  " + n)
		}
		for _, r := range figures {
			name := r.Route
			if r.Query != "" {
				name += "?" + r.Query
			}
			star := " "
			if r.Create {
				star = "*"
			}
			cpu := "        "
			if r.CPUMs >= 0 {
				cpu = fmt.Sprintf("%5.2f ms", r.CPUMs)
			}
			mark := ""
			if r.Method == "GET" && r.Calls > maxReadCalls {
				mark = fmt.Sprintf("  > %d calls", maxReadCalls)
			}
			if r.Status >= 400 {
				mark += fmt.Sprintf("  (answered %d)", r.Status)
			}
			fmt.Printf("  %s%-5s %-72s %2d calls %-34s RRU %5.1f WRU %5.1f  CPU %s  %7d B / %6d B%s\n",
				star, r.Method, name, r.Calls, "("+ops(r.ByOp)+")", r.RCU, r.WCU, cpu, r.Bytes, r.GzipBytes, mark)
		}
	}

	fmt.Println()
	fmt.Println("SPA: JavaScript before the first paint, gzip (spa/scripts/check-size.mjs)")
	if out, err := run(filepath.Join(*root, "spa"), nil, "node", "scripts/check-size.mjs", "--json"); err != nil {
		fmt.Println("  size:", err, strings.TrimSpace(out))
	} else {
		var sizes map[string]int
		json.Unmarshal([]byte(lastLine(out)), &sizes)
		for _, k := range sortedKeys(sizes) {
			fmt.Printf("  %-11s %6.1f kB\n", k, float64(sizes[k])/1000)
		}
	}

	if *doLH {
		fmt.Println()
		fmt.Printf("Lighthouse, mobile (simulated slow 4G), median of %d, against the local cloud serving as CloudFront would, signed in as the season's busiest member (SEASON_DIR) for /dashboard, /feed and a cultivo page; target ≥ 98 with the default 4x CPU slowdown; also calibrated to this host's benchmarkIndex (Lighthouse's throttling guide, github.com/GoogleChrome/lighthouse/blob/main/docs/throttling.md)\n", *lighthouseN)
		out, err := run(filepath.Join(*root, "tools", "bench"), []string{"RUNS=" + strconv.Itoa(*lighthouseN), "SEASON_DIR=" + *seasonDir}, "node", "lighthouse.mjs")
		if err != nil {
			fmt.Println("  lighthouse:", err)
		}
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "  /") || strings.HasPrefix(strings.TrimSpace(l), "calibrated") {
				fmt.Println(l)
			}
		}
	}

	fmt.Println()
	fmt.Println("Monthly cost per 1,000 active members (target at 10,000 members: US$ 1.00): from the last make season, whose route mix it prices")
	if rep, err := os.ReadFile(strings.TrimSuffix(*seasonDir, "/") + ".report.txt"); err == nil && *seasonDir != "" {
		printed := false
		for _, l := range strings.Split(string(rep), "\n") {
			if strings.HasPrefix(l, "make season,") || strings.HasPrefix(l, "Verde season:") {
				fmt.Println("  " + l)
			}
			if strings.HasPrefix(l, "Monthly cost") {
				printed = true
				continue
			}
			if printed && strings.HasPrefix(l, "Invariants") {
				break
			}
			if printed && l != "" {
				fmt.Println(l)
			}
		}
	} else {
		fmt.Println("  no season report: run make season (SEASON_DIR=" + *seasonDir + ")")
	}

	if *doPhotos {
		printPhotos()
	}
}

type function struct{ id, dir string }

// functions reads the Makefile's FUNCTIONS list (LogicalId:directory).
func functions(makefile string) ([]function, error) {
	b, err := os.ReadFile(makefile)
	if err != nil {
		return nil, err
	}
	block := regexp.MustCompile(`(?s)FUNCTIONS := \\\n(.*?)\n\n`).FindSubmatch(b)
	if block == nil {
		return nil, fmt.Errorf("no FUNCTIONS list in %s", makefile)
	}
	var out []function
	for _, m := range regexp.MustCompile(`(\w+):(\w+)`).FindAllSubmatch(block[1], -1) {
		out = append(out, function{id: string(m[1]), dir: string(m[2])})
	}
	return out, nil
}

// initInstructions builds the function for linux/amd64 with the Makefile's flags and runs it
// under callgrind with a fake Runtime API whose first /next answers 500: aws-lambda-go then
// exits, and callgrind reports the instructions up to there (the exit path adds a few
// thousand). GODEBUG=asyncpreemptoff=1 keeps Go's preemption signals away from callgrind.
func initInstructions(pkg, name string) (int64, error) {
	dir, err := os.MkdirTemp("", "verde-bench-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "bootstrap")
	build := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-tags", "lambda.norpc,nodynamic", "-ldflags", "-s -w",
		"-o", bin, pkg)
	build.Dir = *root
	build.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux", "GOARCH=amd64")
	if out, err := build.CombinedOutput(); err != nil {
		return 0, fmt.Errorf("build: %v %s", err, out)
	}

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	polled := make(chan struct{}, 1)
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case polled <- struct{}{}:
		default:
		}
		http.Error(w, "bench: stop here", http.StatusInternalServerError)
	})}
	go srv.Serve(ln)
	defer srv.Close()

	cmd := exec.Command("valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", bin)
	// What the template gives the functions, with made-up values: nothing is called at init.
	cmd.Env = []string{
		"PATH=/usr/bin:/bin", "GODEBUG=asyncpreemptoff=1",
		"AWS_LAMBDA_RUNTIME_API=" + ln.Addr().String(),
		"AWS_REGION=sa-east-1", "AWS_ACCESS_KEY_ID=bench", "AWS_SECRET_ACCESS_KEY=bench", "AWS_SESSION_TOKEN=bench",
		"TABLE_NAME=verde-bench", "USER_POOL_ID=sa-east-1_bench", "USER_POOL_CLIENT_ID=bench",
		"COGNITO_ISSUER=https://cognito-idp.sa-east-1.amazonaws.com/sa-east-1_bench",
		"UPLOADS_BUCKET=verde-bench", "AUTO_CONFIRM_SIGNUP=true",
		// As template.yaml: secrets by ARN, read at first use (never during init).
		"CURSOR_SECRET_ARN=arn:aws:secretsmanager:sa-east-1:000000000000:secret:bench", "ORIGIN_SECRET_ARN=arn:aws:secretsmanager:sa-east-1:000000000000:secret:bench-origin",
		"AWS_LAMBDA_FUNCTION_NAME=" + name, "AWS_LAMBDA_FUNCTION_MEMORY_SIZE=256", "AWS_LAMBDA_FUNCTION_VERSION=$LATEST",
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Run() // exits 1 by design
	select {
	case <-polled:
	default:
		return 0, fmt.Errorf("never polled the Runtime API: %s", lastLine(stderr.String()))
	}
	m := regexp.MustCompile(`Collected : (\d+)`).FindStringSubmatch(stderr.String())
	if m == nil {
		return 0, fmt.Errorf("no callgrind total (is valgrind installed?)")
	}
	return strconv.ParseInt(m[1], 10, 64)
}

func routeFigures() ([]routes.Figure, []string, error) {
	out, err := run(*root, []string{"VERDE_BENCH=1", "SEASON_DIR=" + *seasonDir}, "go", "test", "-count=1", "-timeout", "60m", "-run", "TestRouteFigures", "-v", "./tools/bench/routes")
	var figures []routes.Figure
	var notes []string
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "BENCH-JSON "); ok {
			if err := json.Unmarshal([]byte(rest), &figures); err != nil {
				return nil, notes, err
			}
		}
		if rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "BENCH-NOTE "); ok {
			notes = append(notes, rest)
		}
	}
	if figures == nil {
		return nil, notes, fmt.Errorf("no figures (%v):\n%s", err, out)
	}
	return figures, notes, nil
}

func ops(m map[string]int) string {
	var parts []string
	for _, k := range sortedKeys(m) {
		parts = append(parts, fmt.Sprintf("%s %d", k, m[k]))
	}
	return strings.Join(parts, ", ")
}

func run(dir string, env []string, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	err := cmd.Run()
	return out.String(), err
}

func size(path string) int64 {
	info, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return info.Size()
}

func mb(n int64) float64 { return float64(n) / 1e6 }

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "bench:", err)
	os.Exit(1)
}

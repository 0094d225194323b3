// Command season is `make season`: a seeded simulation of a Verde community's year, played
// through the real HTTP API of a local cloud of its own (tools/season/sim). It prints requests
// per active member per month by route, DynamoDB request units by AWS's billing rules, Lambda
// GB-seconds, photo and log bytes, Cognito MAU, the monthly cost per 1,000 active members at
// 1,000, 10,000 and 100,000 members, and the invariants checked at the end; it exits 1 when an
// invariant fails. It is a benchmark, not a test (the small season in sim's tests is).
//
//	go run ./tools/season                          # 300 members, 12 groups, a year
//	go run ./tools/season -members 5000 -groups 100  # full size
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/verde-app/verde/infra/local/cloud"
	"github.com/verde-app/verde/shared/store"
	"github.com/verde-app/verde/tools/meter"
	"github.com/verde-app/verde/tools/season/sim"
)

func main() {
	d := sim.Defaults()
	members := flag.Int("members", d.Members, "members who sign up")
	groups := flag.Int("groups", d.Groups, "groups (sizes skewed; the largest near the 500 cap when members allow)")
	days := flag.Int("days", d.Days, "days the season lasts")
	seed := flag.Uint64("seed", d.Seed, "random seed (the same seed plays the same season)")
	workers := flag.Int("workers", d.Workers, "sessions played at once")
	activity := flag.Float64("activity", d.Activity, "multiplies every member's sessions a week")
	out := flag.String("out", "", "also write the report to this file")
	keep := flag.String("keep", "", "keep the local cloud's data in this directory (and write seeded.json there: a member to sign in as)")
	flag.Parse()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, sim.Config{Members: *members, Groups: *groups, Days: *days, Seed: *seed, Workers: *workers,
		Activity: *activity, Start: d.Start, Log: os.Stderr}, *out, *keep); err != nil {
		fmt.Fprintln(os.Stderr, "season:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, cfg sim.Config, outPath, keep string) error {
	dir := keep
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp(sim.MemTemp(), "verde-season-"); err != nil {
			return err
		}
		defer os.RemoveAll(dir)
	} else {
		os.RemoveAll(dir)
	}
	logf, err := os.Create(filepath.Join(os.TempDir(), "verde-season-cloud.log"))
	if err != nil {
		return err
	}
	defer logf.Close()
	fnlog, err := os.Create(filepath.Join(os.TempDir(), "verde-season-functions.log"))
	if err != nil {
		return err
	}
	defer fnlog.Close()
	cfg.FunctionLog = fnlog
	rec := sim.NewRecorder("", meter.IndexesOf(store.TableInput("")))
	fmt.Fprintf(os.Stderr, "season: starting a local cloud in %s (its log: %s; the functions': %s)\n", dir, logf.Name(), fnlog.Name())
	c, err := cloud.Start(ctx, cloud.Options{DataDir: dir, Log: logf, NoSchedules: true, Instrument: func(id string, cfg *aws.Config) { rec.Attach(id)(cfg) }})
	if err != nil {
		return err
	}
	defer c.Stop()
	s := sim.New(c, rec, cfg)
	if err := s.Run(ctx); err != nil {
		return err
	}
	rep, err := s.Report(ctx)
	if err != nil {
		return err
	}
	w := io.Writer(os.Stdout)
	if outPath != "" {
		f, err := os.Create(outPath)
		if err != nil {
			return err
		}
		defer f.Close()
		w = io.MultiWriter(os.Stdout, f)
	}
	fmt.Fprintf(w, "make season, %s\n", time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	rep.Print(w)
	if keep != "" {
		acct := s.Seeded()
		b, _ := json.MarshalIndent(acct, "", "  ")
		if err := os.WriteFile(filepath.Join(keep, "seeded.json"), b, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "season: data kept in %s; a seeded member is in %s\n", keep, filepath.Join(keep, "seeded.json"))
	}
	if rep.Failed() {
		return fmt.Errorf("an invariant failed (above)")
	}
	return nil
}

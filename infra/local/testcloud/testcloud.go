// Package testcloud starts one local cloud per Go test binary:
//
//	func TestMain(m *testing.M) { testcloud.Run(m, cloud.Options{}) }
//
//	func TestSomething(t *testing.T) { c := testcloud.Get(); … c.URL, c.DynamoDB() … }
//
// The cloud runs on free ports with its data in a temporary directory, so test binaries of
// several packages run in parallel, each with its own emulators. For store tests that need only
// the table, RunDynamo starts DynamoDB Local alone (about a second).
package testcloud

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/verde-app/verde/infra/local/cloud"
)

var current *cloud.Cloud

// Run starts a cloud with opts (Port 0 and a temporary DataDir unless opts set them), runs the
// tests, stops the cloud and exits with the tests' code. A cloud that cannot start fails the
// binary with the reason; it never skips.
func Run(m *testing.M, opts cloud.Options) {
	os.Exit(run(m, opts))
}

// RunDynamo is Run with only DynamoDB Local and the table (catalogue seeded).
func RunDynamo(m *testing.M) {
	Run(m, cloud.Options{DynamoOnly: true})
}

func run(m *testing.M, opts cloud.Options) int {
	if opts.DataDir == "" {
		dir, err := os.MkdirTemp(memTemp(), "verde-testcloud-")
		if err != nil {
			fmt.Fprintln(os.Stderr, "testcloud:", err)
			return 1
		}
		defer os.RemoveAll(dir)
		opts.DataDir = dir
	}
	var log syncBuffer
	if opts.Log == nil {
		opts.Log = &log
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	c, err := cloud.Start(ctx, opts)
	cancel()
	if err != nil {
		fmt.Fprintf(os.Stderr, "testcloud: the local cloud did not start: %v\n%s", err, log.String())
		return 1
	}
	current = c
	code := m.Run()
	c.Stop()
	if code != 0 && log.Len() > 0 {
		fmt.Fprintf(os.Stderr, "testcloud: local cloud log:\n%s", log.String())
	}
	return code
}

// Get returns the cloud Run started; it panics outside a test binary whose TestMain called Run.
func Get() *cloud.Cloud {
	if current == nil {
		panic("testcloud.Get: no cloud; call testcloud.Run(m, …) from TestMain")
	}
	return current
}

// syncBuffer collects the cloud's log (written from several goroutines) to show on failure.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func (b *syncBuffer) Len() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Len()
}

// memTemp is where a test cloud keeps its data: /dev/shm (memory) when the
// machine has it with room to spare, else the usual temporary directory.
// DynamoDB Local's SQLite syncs every write to disk: on disk a BatchWriteItem
// of posts runs at ~65 items a second on a shared 2-core machine, in memory at
// ~1,000-1,700 (the feed's 100,000-post call-count test seeds in about 1-2
// minutes and its database grows to ~200 MB). A container's /dev/shm is often
// 64 MB: too small, so below minShm free the disk is used.
func memTemp() string {
	var fs syscall.Statfs_t
	if err := syscall.Statfs("/dev/shm", &fs); err != nil || uint64(fs.Bavail)*uint64(fs.Bsize) < minShm {
		return ""
	}
	if f, err := os.CreateTemp("/dev/shm", "verde-probe-"); err == nil {
		f.Close()
		os.Remove(f.Name())
		return "/dev/shm"
	}
	return ""
}

// minShm is the free space /dev/shm must have to hold a test cloud's data.
const minShm = 2 << 30

// InMemory reports whether the test clouds of this binary keep their data in
// memory (memTemp), where seeding a large table takes minutes, not half an hour.
func InMemory() bool { return memTemp() != "" }

package cloud

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"
)

// child is an emulator process the cloud supervises. It runs in its own process group so that
// stopping it also stops whatever it started, and its output goes to a log file under
// DataDir/logs, started afresh each time.
type child struct {
	name    string
	cmd     *exec.Cmd
	logPath string
	log     *os.File
	done    chan struct{}
	mu      sync.Mutex
	err     error
	stopped bool
}

func startChild(name, dir, logPath string, env []string, argv ...string) (*child, error) {
	logFile, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(logFile, "\n=== %s: %s\n", time.Now().Format(time.RFC3339), strings.Join(argv, " "))
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Env = env
	cmd.Stdout = logFile
	cmd.Stderr = logFile
	cmd.SysProcAttr = emulatorAttrs()
	if err := cmd.Start(); err != nil {
		logFile.Close()
		return nil, fmt.Errorf("start %s: %w", name, err)
	}
	c := &child{name: name, cmd: cmd, logPath: logPath, log: logFile, done: make(chan struct{})}
	go func() {
		err := cmd.Wait()
		c.mu.Lock()
		c.err = err
		c.mu.Unlock()
		logFile.Close()
		close(c.done)
	}()
	return c, nil
}

// exited reports whether the process has ended, and how.
func (c *child) exited() (bool, error) {
	select {
	case <-c.done:
		c.mu.Lock()
		defer c.mu.Unlock()
		return true, c.err
	default:
		return false, nil
	}
}

// failure describes an unexpected exit with the end of the child's log.
func (c *child) failure() error {
	_, err := c.exited()
	if err == nil {
		err = errors.New("exited")
	}
	return fmt.Errorf("%s stopped: %v; last lines of %s:\n%s", c.name, err, c.logPath, tail(c.logPath, 15))
}

// stop sends SIGTERM to the process group, then SIGKILL after a grace period.
func (c *child) stop(grace time.Duration) {
	c.mu.Lock()
	if c.stopped {
		c.mu.Unlock()
		<-c.done
		return
	}
	c.stopped = true
	c.mu.Unlock()
	pgid := c.cmd.Process.Pid
	_ = syscall.Kill(-pgid, syscall.SIGTERM)
	select {
	case <-c.done:
	case <-time.After(grace):
		_ = syscall.Kill(-pgid, syscall.SIGKILL)
		<-c.done
	}
	// Anything the child left behind in its group goes too.
	_ = syscall.Kill(-pgid, syscall.SIGKILL)
}

func tail(path string, lines int) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return "(no log)"
	}
	all := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(all) > lines {
		all = all[len(all)-lines:]
	}
	return strings.Join(all, "\n")
}

// readyOnGET waits (waitReady, a minute at most) until a plain GET of url
// answers, with the status want unless want is 0, and returns c; a child
// that never does is stopped.
func readyOnGET(ctx context.Context, c *child, url string, want int) (*child, error) {
	err := waitReady(ctx, c, 60*time.Second, func(ctx context.Context) error {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if want != 0 && resp.StatusCode != want {
			return fmt.Errorf("health: %s", resp.Status)
		}
		return nil
	})
	if err != nil {
		c.stop(5 * time.Second)
		return nil, err
	}
	return c, nil
}

// waitReady polls probe until it succeeds, the child exits or the deadline passes.
func waitReady(ctx context.Context, c *child, timeout time.Duration, probe func(context.Context) error) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var last error
	for {
		if done, _ := c.exited(); done {
			return c.failure()
		}
		pctx, pcancel := context.WithTimeout(ctx, time.Second)
		last = probe(pctx)
		pcancel()
		if last == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%s not ready after %s (%v); log %s:\n%s", c.name, timeout, last, c.logPath, tail(c.logPath, 15))
		case <-c.done:
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// runQuiet runs a short command and returns its combined output.
func runQuiet(ctx context.Context, dir string, argv ...string) (string, error) {
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	err := cmd.Run()
	return out.String(), err
}

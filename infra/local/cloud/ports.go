package cloud

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
)

// ports are the TCP ports of one running cloud.
type ports struct {
	App, Dynamo, Cognito, CognitoTLS, S3 int
}

func choosePorts(o Options) (ports, error) {
	p := ports{App: o.Port, Dynamo: o.DynamoPort, Cognito: o.CognitoPort, CognitoTLS: o.CognitoTLSPort, S3: o.S3Port}
	if o.Port != 0 {
		fill := func(v *int, offset int) {
			if *v == 0 {
				*v = o.Port + offset
			}
		}
		fill(&p.Dynamo, 1)
		fill(&p.Cognito, 2)
		fill(&p.CognitoTLS, 3)
		fill(&p.S3, 4)
		for _, v := range []int{p.App, p.Dynamo, p.Cognito, p.CognitoTLS, p.S3} {
			if !reservePort(v, true) {
				return p, errPortBusy(v, "another local cloud of this machine")
			}
		}
		return p, nil
	}
	for _, v := range []*int{&p.App, &p.Dynamo, &p.Cognito, &p.CognitoTLS, &p.S3} {
		if *v != 0 {
			continue
		}
		free, err := freePort()
		if err != nil {
			return p, err
		}
		*v = free
	}
	return p, nil
}

// freePort picks a port for one part of a cloud: at random below Linux's ephemeral range (32768
// and up, which the kernel hands to outgoing connections, so a port found free there can be taken
// before the emulator binds it), reserved for this process (reservePort: two clouds starting at
// once, from two test packages or two test suites, never pick the same one), and free.
func freePort() (int, error) {
	const low, high = 20000, 32768
	for range 500 {
		port := low + rand.IntN(high-low)
		if reservePort(port, false) && checkFree(port, "") == nil {
			return port, nil
		}
	}
	return 0, fmt.Errorf("no free port found in %d-%d", low, high-1)
}

// reservePort takes port for this process's clouds until it exits: an exclusive lock on a file
// named by the port in the temporary directory, which every cloud of the machine asks for
// before it binds the port (the kernel drops the lock when the process ends, however it ends).
// False when another process holds it, or when this one does and mineToo is false (freePort:
// a port this process reserved is another part's, of this cloud or of one before it).
func reservePort(port int, mineToo bool) bool {
	reservedMu.Lock()
	defer reservedMu.Unlock()
	if _, mine := reserved[port]; mine {
		return mineToo
	}
	dir := filepath.Join(os.TempDir(), "verde-local-ports")
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return true // no place for locks: the bind check alone decides
	}
	f, err := os.OpenFile(filepath.Join(dir, strconv.Itoa(port)), os.O_CREATE|os.O_RDWR, 0o666)
	if err != nil {
		return true
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return false
	}
	reserved[port] = f
	return true
}

var (
	reservedMu sync.Mutex
	reserved   = map[int]*os.File{}
)

// errPortBusy is the one-line answer to a port that something else holds.
func errPortBusy(port int, what string) error {
	return fmt.Errorf("port %d (%s) is already in use: stop whatever listens there (a previous `make dev`?) or start on other ports with PORT=<port> (it uses PORT..PORT+4)", port, what)
}

// checkFree fails when something already listens on port, on loopback or on all interfaces
// (DynamoDB Local binds every interface).
func checkFree(port int, what string) error {
	for _, host := range []string{"127.0.0.1", ""} {
		l, err := net.Listen("tcp", net.JoinHostPort(host, strconv.Itoa(port)))
		if err != nil {
			if isAddrInUse(err) {
				return errPortBusy(port, what)
			}
			return fmt.Errorf("port %d (%s): %w", port, what, err)
		}
		l.Close()
	}
	return nil
}

func isAddrInUse(err error) bool { return errors.Is(err, syscall.EADDRINUSE) }

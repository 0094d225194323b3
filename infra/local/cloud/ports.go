package cloud

import (
	"errors"
	"fmt"
	"net"
	"strconv"
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

// freePort asks the kernel for a port nobody listens on. Another process may take it before the
// emulator binds it; the start then fails with the busy-port message, which is rare enough.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

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

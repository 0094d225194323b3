package cloud

import (
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
)

// TestFreePortsAreDistinctBelowTheEphemeralRangeAndReserved: the ports one
// process picks never repeat (two parts of one cloud once got the same one)
// and stay below 32768, and a port whose lock another holder has is never
// picked nor reserved.
func TestFreePortsAreDistinctBelowTheEphemeralRangeAndReserved(t *testing.T) {
	seen := map[int]bool{}
	for range 300 {
		p, err := freePort()
		if err != nil {
			t.Fatal(err)
		}
		if seen[p] || p < 20000 || p >= 32768 {
			t.Fatalf("port %d: picked before %v, or outside 20000-32767", p, seen[p])
		}
		seen[p] = true
	}

	// Another process's reservation: a lock of its own on the port's file
	// (flock locks conflict between open files, in one process as in two).
	port := 0
	for p := 20001; p < 32768 && port == 0; p++ {
		if seen[p] || seen[p-1] {
			continue
		}
		f, err := os.OpenFile(filepath.Join(os.TempDir(), "verde-local-ports", strconv.Itoa(p)), os.O_CREATE|os.O_RDWR, 0o666)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil {
			port = p
		}
	}
	if reservePort(port, true) || reservePort(port, false) {
		t.Fatalf("port %d reserved while another holds its lock", port)
	}
	if _, err := choosePorts(Options{Port: port - 1}); err == nil {
		t.Fatalf("a cloud given ports %d..%d started while another held %d", port-1, port+3, port)
	}
}

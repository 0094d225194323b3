package cloud

import "syscall"

// emulatorAttrs puts an emulator in its own process group and has the kernel stop it if the
// local cloud dies without cleaning up (a panic, SIGKILL), so no orphan keeps its port.
func emulatorAttrs() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
}

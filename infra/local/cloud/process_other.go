//go:build !linux

package cloud

import "syscall"

// emulatorAttrs puts an emulator in its own process group.
func emulatorAttrs() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}

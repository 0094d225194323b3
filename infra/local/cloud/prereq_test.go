package cloud

import (
	"context"
	"strings"
	"testing"
)

func TestMissingJavaOrNodeGetsAOneLineErrorThatSaysWhatToInstall(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := requireJava(context.Background())
	if err == nil || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "install Java 17") {
		t.Errorf("java: %v", err)
	}
	_, err = requireNode()
	if err == nil || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "install Node.js 20") {
		t.Errorf("node: %v", err)
	}
}

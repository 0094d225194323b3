package areas_test

import (
	"os/exec"
	"strings"
	"testing"
)

// Functions that call no AWS service link no AWS SDK client: the SDK is most of a Go Lambda's
// binary and init time. PreSignUp only reads its event (and one environment variable).
var functionsWithoutAWSClients = []string{"presignup"}

func TestFunctionsThatNeedNoAWSClientLinkNone(t *testing.T) {
	for _, fn := range functionsWithoutAWSClients {
		out, err := exec.Command("go", "list", "-deps", "github.com/verde-app/verde/functions/"+fn).CombinedOutput()
		if err != nil {
			t.Fatalf("go list %s: %v\n%s", fn, err, out)
		}
		for pkg := range strings.FieldsSeq(string(out)) {
			if strings.HasPrefix(pkg, "github.com/aws/aws-sdk-go-v2") || strings.HasPrefix(pkg, "github.com/aws/smithy-go") ||
				pkg == "github.com/verde-app/verde/shared/app" || strings.HasPrefix(pkg, "github.com/verde-app/verde/shared/store") {
				t.Errorf("functions/%s links %s", fn, pkg)
			}
		}
	}
}

package areas_test

import (
	"os/exec"
	"strings"
	"testing"
)

// PreSignUp links the Cognito client only (Google account linking, made on first use), none of
// the others: the SDK is most of a Go Lambda's binary and init time.
var functionsWithoutAWSClients = []string{"presignup"}

func TestFunctionsThatNeedNoAWSClientLinkNone(t *testing.T) {
	for _, fn := range functionsWithoutAWSClients {
		out, err := exec.Command("go", "list", "-deps", "github.com/verde-app/verde/functions/"+fn).CombinedOutput()
		if err != nil {
			t.Fatalf("go list %s: %v\n%s", fn, err, out)
		}
		for pkg := range strings.FieldsSeq(string(out)) {
			if strings.HasPrefix(pkg, "github.com/aws/aws-sdk-go-v2/service/") && !strings.HasPrefix(pkg, "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider") &&
				!strings.HasPrefix(pkg, "github.com/aws/aws-sdk-go-v2/service/internal/") && !strings.HasPrefix(pkg, "github.com/aws/aws-sdk-go-v2/service/sso") &&
				!strings.HasPrefix(pkg, "github.com/aws/aws-sdk-go-v2/service/sts") && !strings.HasPrefix(pkg, "github.com/aws/aws-sdk-go-v2/service/signin") ||
				pkg == "github.com/verde-app/verde/shared/app" || strings.HasPrefix(pkg, "github.com/verde-app/verde/shared/store") {
				t.Errorf("functions/%s links %s", fn, pkg)
			}
		}
	}
}

// The CustomMessage trigger only words Cognito's e-mails (Cognito waits 5 s for it): no AWS
// service client, no store.
func TestTheCustomMessageTriggerLinksNoAWSClient(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/verde-app/verde/functions/custommessage").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for pkg := range strings.FieldsSeq(string(out)) {
		if strings.HasPrefix(pkg, "github.com/aws/aws-sdk-go-v2") || pkg == "github.com/verde-app/verde/shared/app" || strings.HasPrefix(pkg, "github.com/verde-app/verde/shared/store") {
			t.Errorf("functions/custommessage links %s", pkg)
		}
	}
}

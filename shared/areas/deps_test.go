package areas_test

import (
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/verde-app/verde/shared/areas"
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

// Each function links the SDK clients its work needs and no more, because every linked service
// package runs its initialisers (endpoint tables, operation schemas) at each cold start:
//   - no function links the SDK's Lambda or Secrets Manager clients: an invoke and a secret's
//     read are one signed request each (shared/invoke, shared/app/secretsapi.go);
//   - S3 only where the uploads bucket is wired (bucket.Wire) and in the photo processor;
//   - no schema registry: the DynamoDB module stays on a version before its schema-based
//     serialisation (v1.69.0 made every importer build ~600 operation schemas at start, about
//     1.5 million instructions: docs/performance.md), so an upgrade that brings it back fails here.
func TestFunctionsLinkOnlyTheSDKClientsTheyUse(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Deps " "}}`, "github.com/verde-app/verde/functions/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	wiresBucket := map[string]bool{"photos": true} // the photo processor reads and writes S3 itself
	for id, dir := range makefileFunctions(t) {
		if slices.Contains(areas.Wired[id], "bucket.Wire") {
			wiresBucket[dir] = true
		}
	}
	checked := 0
	for line := range strings.Lines(string(out)) {
		fields := strings.Fields(line)
		dir, ok := strings.CutPrefix(fields[0], "github.com/verde-app/verde/functions/")
		if !ok {
			continue
		}
		checked++
		for _, pkg := range fields[1:] {
			switch {
			case pkg == "github.com/aws/aws-sdk-go-v2/service/lambda", pkg == "github.com/aws/aws-sdk-go-v2/service/secretsmanager":
				t.Errorf("functions/%s links %s", dir, pkg)
			case strings.HasSuffix(pkg, "/schemas") && strings.HasPrefix(pkg, "github.com/aws/aws-sdk-go-v2/service/dynamodb"):
				t.Errorf("functions/%s links %s, the DynamoDB SDK's schema registry", dir, pkg)
			case pkg == "github.com/aws/aws-sdk-go-v2/service/s3" && !wiresBucket[dir]:
				t.Errorf("functions/%s links %s without wiring the uploads bucket (shared/areas.Wired)", dir, pkg)
			}
		}
	}
	if checked < len(makefileFunctions(t)) {
		t.Errorf("go list named %d functions, the Makefile builds %d", checked, len(makefileFunctions(t)))
	}
}

package areas_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/verde-app/verde/shared/areas"
)

// tableStatements reads the DynamoDB actions a function's Policies grant, failing on SAM policy
// templates (DynamoDBCrudPolicy and DynamoDBReadPolicy both grant Scan).
func tableActions(t *testing.T, id string, policies *yaml.Node) []string {
	t.Helper()
	var actions []string
	if policies == nil {
		return nil
	}
	for _, p := range policies.Content {
		if p.Kind == yaml.ScalarNode {
			t.Errorf("%s: managed policy %q: grant table actions as statements", id, p.Value)
			continue
		}
		each(p, func(key string, v *yaml.Node) {
			if strings.HasPrefix(key, "DynamoDB") {
				t.Errorf("%s: SAM policy template %s grants more than the function uses (Scan among them): list the actions", id, key)
				return
			}
			if key != "Statement" {
				return
			}
			for _, st := range v.Content {
				if st.Tag == "!If" && len(st.Content) == 3 {
					st = st.Content[1] // a statement granted under a condition (SES with an identity)
				}
				acts := get(st, "Action")
				if acts == nil {
					continue
				}
				var list []*yaml.Node
				if acts.Kind == yaml.SequenceNode {
					list = acts.Content
				} else {
					list = []*yaml.Node{acts}
				}
				for _, a := range list {
					if name, ok := strings.CutPrefix(a.Value, "dynamodb:"); ok {
						if strings.Contains(name, "*") {
							t.Errorf("%s: wildcard action %s", id, a.Value)
						}
						actions = append(actions, name)
					}
				}
			}
		})
	}
	sort.Strings(actions)
	return slices.Compact(actions)
}

func TestNoFunctionMayScanAndEachGetsOnlyTheTableActionsItUses(t *testing.T) {
	root := readYAML(t, templatePath)
	each(get(root, "Resources"), func(id string, res *yaml.Node) {
		if scalar(get(res, "Type")) != "AWS::Serverless::Function" {
			return
		}
		got := tableActions(t, id, get(get(res, "Properties"), "Policies"))
		if slices.Contains(got, "Scan") && !areas.ScanAllowed[id] {
			t.Errorf("%s may Scan the table", id)
		}
		want := slices.Clone(areas.TableActions[id])
		sort.Strings(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: template grants dynamodb:%v, shared/areas.TableActions says %v", id, got, want)
		}
	})
	for id, acts := range areas.TableActions {
		if slices.Contains(acts, "Scan") && !areas.ScanAllowed[id] {
			t.Errorf("areas.TableActions lets %s Scan", id)
		}
	}
	// The one exception is an offline job, never a request path.
	for id := range areas.ScanAllowed {
		if _, isAPI := areas.APIs[id]; isAPI {
			t.Errorf("%s serves requests and may Scan", id)
		}
		_, isJob := areas.Jobs[id]
		_, isDeploy := areas.CustomResources[id]
		if !isJob && !isDeploy {
			t.Errorf("%s may Scan but is not an offline job", id)
		}
	}
}

func TestSecretsReachFunctionsAsSecretsManagerARNsNeverAsValues(t *testing.T) {
	root := readYAML(t, templatePath)
	resources := get(root, "Resources")
	each(resources, func(id string, res *yaml.Node) {
		if scalar(get(res, "Type")) != "AWS::Serverless::Function" {
			return
		}
		vars := get(get(get(res, "Properties"), "Environment"), "Variables")
		each(vars, func(name string, v *yaml.Node) {
			raw, _ := yaml.Marshal(v)
			if strings.Contains(string(raw), "resolve:secretsmanager") {
				t.Errorf("%s: %s puts a secret's value in the environment", id, name)
			}
		})
		if _, isAPI := areas.APIs[id]; !isAPI {
			return
		}
		if got := refTarget(get(vars, "CURSOR_SECRET_ARN")); got != "CursorSecret" {
			t.Errorf("%s: CURSOR_SECRET_ARN = !Ref %q, want !Ref CursorSecret", id, got)
		}
		if got := refTarget(get(vars, "ORIGIN_SECRET_ARN")); got != "OriginSecret" {
			t.Errorf("%s: ORIGIN_SECRET_ARN = !Ref %q, want !Ref OriginSecret", id, got)
		}
		raw, _ := yaml.Marshal(get(get(res, "Properties"), "Policies"))
		if !strings.Contains(string(raw), "secretsmanager:GetSecretValue") {
			t.Errorf("%s may not read its secrets", id)
		}
	})
	for _, key := range []string{"CursorSecret", "OriginSecret"} {
		if scalar(get(get(resources, key), "Type")) != "AWS::SecretsManager::Secret" {
			t.Errorf("%s is not a Secrets Manager secret", key)
		}
	}
}

func TestCloudFrontSendsTheOriginSecretAndEveryAPIFunctionChecksIt(t *testing.T) {
	root := readYAML(t, templatePath)
	origins := get(get(get(get(root, "Resources"), "Distribution"), "Properties"), "DistributionConfig")
	found := false
	for _, o := range get(origins, "Origins").Content {
		if scalar(get(o, "Id")) != "api" {
			continue
		}
		for _, h := range get(o, "OriginCustomHeaders").Content {
			if scalar(get(h, "HeaderName")) == "X-Verde-Origin-Verify" &&
				strings.Contains(get(h, "HeaderValue").Value, "{{resolve:secretsmanager:${OriginSecret}:SecretString}}") {
				found = true
			}
		}
	}
	if !found {
		t.Error("CloudFront's api origin sends no X-Verde-Origin-Verify header with the OriginSecret")
	}
	for id := range areas.APIs {
		dir := functionDir(t, id)
		src, err := os.ReadFile(filepath.Join(repoRoot, "functions", dir, "main.go"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(src), "lambdahttp.ServeArea(") && !strings.Contains(string(src), "Origin.Require(") {
			t.Errorf("functions/%s/main.go serves requests that did not come through CloudFront (neither lambdahttp.ServeArea nor d.Origin.Require)", dir)
		}
	}
	// ServeArea, which the API functions' mains call, puts every area behind the check.
	area, err := os.ReadFile(filepath.Join(repoRoot, "shared", "lambdahttp", "area.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(area), "Start(d.Origin.Require(newServer(d)))") {
		t.Error("lambdahttp.ServeArea serves an area without d.Origin.Require")
	}
}

// functionDir is the functions/ directory the Makefile builds id from.
func functionDir(t *testing.T, id string) string {
	t.Helper()
	mk, err := os.ReadFile(makefilePath)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s*` + id + `:([a-z0-9-]+)`).FindSubmatch(mk)
	if m == nil {
		t.Fatalf("Makefile FUNCTIONS has no %s", id)
	}
	return string(m[1])
}

func TestSignInTokensAndFlowsAreHardened(t *testing.T) {
	root := readYAML(t, templatePath)
	res := get(root, "Resources")
	client := get(get(res, "UserPoolClient"), "Properties")
	if v := scalar(get(client, "PreventUserExistenceErrors")); v != "ENABLED" {
		t.Errorf("PreventUserExistenceErrors = %q", v)
	}
	if v := scalar(get(client, "AccessTokenValidity")); v != "15" || scalar(get(get(client, "TokenValidityUnits"), "AccessToken")) != "minutes" {
		t.Errorf("AccessTokenValidity = %q, want 15 minutes", v)
	}
	if v := scalar(get(get(client, "RefreshTokenRotation"), "Feature")); v != "ENABLED" {
		t.Errorf("refresh-token rotation = %q", v)
	}
	// USER_PASSWORD_AUTH only under the AllowUserPasswordAuth parameter, which is off by default.
	flows := get(client, "ExplicitAuthFlows")
	if flows.Tag != "!If" || len(flows.Content) != 3 || flows.Content[0].Value != "PasswordAuthAllowed" {
		t.Fatalf("ExplicitAuthFlows must be !If [PasswordAuthAllowed, …]: %v", flows.Tag)
	}
	withPassword, without := flows.Content[1], flows.Content[2]
	has := func(n *yaml.Node, flow string) bool {
		return slices.ContainsFunc(n.Content, func(c *yaml.Node) bool { return c.Value == flow })
	}
	if !has(withPassword, "ALLOW_USER_PASSWORD_AUTH") || has(without, "ALLOW_USER_PASSWORD_AUTH") || !has(without, "ALLOW_USER_SRP_AUTH") {
		t.Error("the password flow must be allowed only when PasswordAuthAllowed")
	}
	param := get(get(root, "Parameters"), "AllowUserPasswordAuth")
	if scalar(get(param, "Default")) != "false" {
		t.Error("AllowUserPasswordAuth must default to false")
	}
	cond := get(get(root, "Conditions"), "PasswordAuthAllowed")
	if raw, _ := yaml.Marshal(cond); !strings.Contains(string(raw), "AllowUserPasswordAuth") {
		t.Error("PasswordAuthAllowed must read AllowUserPasswordAuth")
	}
	pool := get(get(res, "UserPool"), "Properties")
	upd := get(get(pool, "UserAttributeUpdateSettings"), "AttributesRequireVerificationBeforeUpdate")
	if upd == nil || !has(upd, "email") {
		t.Error("a changed e-mail must wait for its verification (AttributesRequireVerificationBeforeUpdate: [email])")
	}
}

// TestS3GrantsAreScopedToAPrefix: no function may touch a whole bucket. An
// object action names a prefix of the bucket (fotos/*, exports/*) or one
// object (the SPA's index.html), never bucket/* or *; s3:ListBucket comes only
// with an s3:prefix condition on such a prefix; no s3:* wildcard action.
func TestS3GrantsAreScopedToAPrefix(t *testing.T) {
	root := readYAML(t, templatePath)
	prefixed := regexp.MustCompile(`^\$\{[A-Za-z]+\.Arn\}/([a-z]+/\*|[a-z]+\.[a-z]+)$`)
	n := 0
	each(get(root, "Resources"), func(id string, res *yaml.Node) {
		if scalar(get(res, "Type")) != "AWS::Serverless::Function" {
			return
		}
		policies := get(get(res, "Properties"), "Policies")
		if policies == nil {
			return // no grants (the CustomMessage trigger)
		}
		for _, p := range policies.Content {
			each(p, func(key string, v *yaml.Node) {
				if key != "Statement" {
					return
				}
				for _, st := range v.Content {
					if st.Tag == "!If" && len(st.Content) == 3 {
						st = st.Content[1] // a statement granted under a condition: its grant
					}
					acts := get(st, "Action")
					if acts == nil {
						t.Errorf("%s: a statement without Action", id)
						continue
					}
					list := acts.Content
					if acts.Kind != yaml.SequenceNode {
						list = []*yaml.Node{acts}
					}
					for _, a := range list {
						act, ok := strings.CutPrefix(a.Value, "s3:")
						if !ok {
							continue
						}
						n++
						if strings.Contains(act, "*") {
							t.Errorf("%s: wildcard action %s", id, a.Value)
						}
						raw, _ := yaml.Marshal(get(st, "Condition"))
						if act == "ListBucket" {
							// One prefix or a list of them, each a folder (fotos/*).
							prefixes := get(get(get(st, "Condition"), "StringLike"), "s3:prefix")
							ok := prefixes != nil
							for _, p := range scalars(prefixes) {
								ok = ok && regexp.MustCompile(`^[a-z]+/\*$`).MatchString(p)
							}
							if !ok {
								t.Errorf("%s: s3:ListBucket without an s3:prefix condition on a prefix: %s", id, raw)
							}
							continue
						}
						for _, r := range scalars(get(st, "Resource")) {
							if !prefixed.MatchString(r) {
								t.Errorf("%s: %s on %q, not on a prefix or one object of a bucket", id, a.Value, r)
							}
						}
					}
				}
			})
		}
	})
	if n < 8 {
		t.Fatalf("only %d S3 grants found: the test reads the template wrong", n)
	}
}

// scalars is a node's scalar values: its own, or its sequence's.
func scalars(n *yaml.Node) []string {
	if n == nil {
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		return []string{n.Value}
	}
	var out []string
	for _, c := range n.Content {
		out = append(out, c.Value)
	}
	return out
}

package areas_test

// These tests keep the four places that name an API route or a function in step:
// template.yaml (what API Gateway routes and SAM builds), shared/areas (what each
// function's mux serves, locally and in Lambda), shared/api/openapi.yaml (the
// documented API) and the Makefile's FUNCTIONS list (what `sam build` compiles).
// A route or a function added in only one of them fails here.

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/areas"
)

const (
	templatePath = "../../template.yaml"
	makefilePath = "../../Makefile"
	openAPIPath  = "../api/openapi.yaml"
	repoRoot     = "../.."
)

// samFunction is what the tests need of one AWS::Serverless::Function.
type samFunction struct {
	LogicalID   string
	BuildMethod string
	Routes      []string // "METHOD /path", sorted
	APIRefs     []string // the ApiId each HttpApi event names
}

// readYAML parses a file into a node tree. CloudFormation's short tags (!Ref,
// !Sub, !If, !GetAtt ...) are kept on the nodes rather than resolved.
func readYAML(t *testing.T, path string) *yaml.Node {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		t.Fatalf("parse %s: %v", path, err)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		t.Fatalf("%s: not a YAML mapping", path)
	}
	return doc.Content[0]
}

// get returns the value under key in a mapping node, or nil.
func get(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// each calls f for every key/value pair of a mapping node.
func each(n *yaml.Node, f func(key string, value *yaml.Node)) {
	if n == nil || n.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		f(n.Content[i].Value, n.Content[i+1])
	}
}

// refTarget is X for `!Ref X` or `{Ref: X}`, else "".
func refTarget(n *yaml.Node) string {
	if n == nil {
		return ""
	}
	if n.Kind == yaml.ScalarNode && n.Tag == "!Ref" {
		return n.Value
	}
	if r := get(n, "Ref"); r != nil && r.Kind == yaml.ScalarNode {
		return r.Value
	}
	return ""
}

// getAttTarget is X for `!GetAtt X.Arn`, `!GetAtt [X, Arn]` or `{Fn::GetAtt: [X, Arn]}`.
func getAttTarget(n *yaml.Node) string {
	if n == nil {
		return ""
	}
	if n.Tag == "!GetAtt" {
		if n.Kind == yaml.ScalarNode {
			id, _, _ := strings.Cut(n.Value, ".")
			return id
		}
		if n.Kind == yaml.SequenceNode && len(n.Content) > 0 {
			return n.Content[0].Value
		}
	}
	if g := get(n, "Fn::GetAtt"); g != nil && g.Kind == yaml.SequenceNode && len(g.Content) > 0 {
		return g.Content[0].Value
	}
	return ""
}

func scalar(n *yaml.Node) string {
	if n == nil || n.Kind != yaml.ScalarNode {
		return ""
	}
	return n.Value
}

type parsedTemplate struct {
	Functions    map[string]*samFunction
	HTTPAPIs     []string            // LogicalIds of AWS::Serverless::HttpApi resources
	PoolTriggers map[string][]string // function LogicalId -> the user pool triggers it is wired to
	// CustomTypes maps a function LogicalId to the Custom:: types of the resources whose
	// ServiceToken is that function.
	CustomTypes map[string][]string
}

func parseTemplate(t *testing.T) parsedTemplate {
	t.Helper()
	root := readYAML(t, templatePath)
	resources := get(root, "Resources")
	if resources == nil {
		t.Fatalf("%s has no Resources", templatePath)
	}
	pt := parsedTemplate{Functions: map[string]*samFunction{}, PoolTriggers: map[string][]string{}, CustomTypes: map[string][]string{}}
	each(resources, func(id string, res *yaml.Node) {
		if typ := scalar(get(res, "Type")); strings.HasPrefix(typ, "Custom::") || typ == "AWS::CloudFormation::CustomResource" {
			token := get(get(res, "Properties"), "ServiceToken")
			fn := getAttTarget(token)
			if alias, ok := strings.CutSuffix(refTarget(token), ".Alias"); ok && fn == "" {
				fn = alias // !Ref <function>.Alias: SAM's alias of AutoPublishAlias
			}
			if fn == "" {
				t.Errorf("custom resource %s: ServiceToken must be !GetAtt <function>.Arn or !Ref <function>.Alias", id)
				return
			}
			pt.CustomTypes[fn] = append(pt.CustomTypes[fn], typ)
			return
		}
		switch scalar(get(res, "Type")) {
		case "AWS::Serverless::HttpApi":
			pt.HTTPAPIs = append(pt.HTTPAPIs, id)
		case "AWS::Cognito::UserPool":
			each(get(get(res, "Properties"), "LambdaConfig"), func(trigger string, v *yaml.Node) {
				if fn := getAttTarget(v); fn != "" {
					pt.PoolTriggers[fn] = append(pt.PoolTriggers[fn], trigger)
				}
			})
		case "AWS::Serverless::Function":
			fn := &samFunction{LogicalID: id, BuildMethod: scalar(get(get(res, "Metadata"), "BuildMethod"))}
			each(get(get(res, "Properties"), "Events"), func(event string, ev *yaml.Node) {
				if scalar(get(ev, "Type")) != "HttpApi" {
					return
				}
				props := get(ev, "Properties")
				method, path := strings.ToUpper(scalar(get(props, "Method"))), scalar(get(props, "Path"))
				if method == "" || path == "" {
					t.Errorf("%s event %s: an HttpApi event needs Method and Path (no catch-all routes)", id, event)
					return
				}
				fn.Routes = append(fn.Routes, method+" "+path)
				fn.APIRefs = append(fn.APIRefs, refTarget(get(props, "ApiId")))
			})
			sort.Strings(fn.Routes)
			pt.Functions[id] = fn
		}
	})
	return pt
}

// templateRoutes is every route of the template, sorted.
func (pt parsedTemplate) templateRoutes() []string {
	var all []string
	for _, fn := range pt.Functions {
		all = append(all, fn.Routes...)
	}
	sort.Strings(all)
	return all
}

// diff describes what is only in want and only in got.
func diff(wantName string, want []string, gotName string, got []string) string {
	var onlyWant, onlyGot []string
	for _, w := range want {
		if !slices.Contains(got, w) {
			onlyWant = append(onlyWant, w)
		}
	}
	for _, g := range got {
		if !slices.Contains(want, g) {
			onlyGot = append(onlyGot, g)
		}
	}
	var b strings.Builder
	if len(onlyWant) > 0 {
		fmt.Fprintf(&b, "\n  only in %s: %s", wantName, strings.Join(onlyWant, ", "))
	}
	if len(onlyGot) > 0 {
		fmt.Fprintf(&b, "\n  only in %s: %s", gotName, strings.Join(onlyGot, ", "))
	}
	return b.String()
}

func duplicates(list []string) []string {
	seen := map[string]int{}
	var dups []string
	for _, s := range list {
		seen[s]++
		if seen[s] == 2 {
			dups = append(dups, s)
		}
	}
	return dups
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func TestTemplateRoutesAreUniqueAndUnderAPI(t *testing.T) {
	pt := parseTemplate(t)
	if len(pt.HTTPAPIs) != 1 {
		t.Fatalf("want exactly one AWS::Serverless::HttpApi (the one CloudFront sends /api/* to), got %v", pt.HTTPAPIs)
	}
	routes := pt.templateRoutes()
	if len(routes) == 0 {
		t.Fatal("template.yaml declares no HttpApi routes")
	}
	if d := duplicates(routes); len(d) > 0 {
		t.Errorf("routes declared by more than one event: %v", d)
	}
	pages := pageBehaviours(t)
	for _, id := range sortedKeys(pt.Functions) {
		fn := pt.Functions[id]
		for i, r := range fn.Routes {
			_, path, _ := strings.Cut(r, " ")
			if !strings.HasPrefix(path, "/api/") && pages[behaviourPattern(path)] == nil {
				t.Errorf("%s: route %q is not under /api/ and no CloudFront behaviour of its own sends it to the api origin (CloudFront sends only /api/* and those to the API)", id, r)
			}
			if fn.APIRefs[i] != pt.HTTPAPIs[0] {
				t.Errorf("%s: route %q must set ApiId: !Ref %s (without it SAM makes a second API that CloudFront does not reach)", id, r, pt.HTTPAPIs[0])
			}
		}
	}
}

// distributionConfig is the CloudFront distribution's DistributionConfig.
func distributionConfig(t *testing.T) *yaml.Node {
	t.Helper()
	dc := get(get(get(get(readYAML(t, templatePath), "Resources"), "Distribution"), "Properties"), "DistributionConfig")
	if dc == nil {
		t.Fatal("template.yaml has no Distribution.Properties.DistributionConfig")
	}
	return dc
}

// pageBehaviours are the CloudFront behaviours that send a page of the site (a path outside
// /api/, such as the link previews' /grupos/*/publico) to the api origin, by PathPattern.
func pageBehaviours(t *testing.T) map[string]*yaml.Node {
	t.Helper()
	out := map[string]*yaml.Node{}
	for _, b := range get(distributionConfig(t), "CacheBehaviors").Content {
		if p := scalar(get(b, "PathPattern")); scalar(get(b, "TargetOriginId")) == "api" && !strings.HasPrefix(p, "/api/") {
			out[p] = b
		}
	}
	return out
}

// behaviourPattern is the CloudFront path pattern of a route: each {parameter} a *.
func behaviourPattern(path string) string {
	return regexp.MustCompile(`\{[^}]+\}`).ReplaceAllString(path, "*")
}

// cloudFrontMatches reports whether CloudFront's path pattern (* any characters, ? one) takes path.
func cloudFrontMatches(pattern, path string) bool {
	re := "^" + strings.NewReplacer(`\*`, ".*", `\?`, ".").Replace(regexp.QuoteMeta(pattern)) + "$"
	return regexp.MustCompile(re).MatchString(path)
}

// TestPageRoutesHaveCloudFrontBehavioursThatForwardNoToken: a route outside /api/ (the link
// previews' pages) is a GET of the HttpApi that CloudFront reaches through a behaviour of its
// own, the first that takes its paths (ahead of the default, which serves the bucket's
// index.html): to the api origin (which adds X-Verde-Origin-Verify), GET and HEAD only, with
// PublicApiCachePolicy (no header, no cookie: no Authorization reaches the function) or
// CachingDisabled without an origin request policy, and the SPA's response headers policy.
// No such behaviour is left without its route.
func TestPageRoutesHaveCloudFrontBehavioursThatForwardNoToken(t *testing.T) {
	pt := parseTemplate(t)
	dc := distributionConfig(t)
	defaultHeaders := refTarget(get(get(dc, "DefaultCacheBehavior"), "ResponseHeadersPolicyId"))
	pages := pageBehaviours(t)
	if len(pages) == 0 {
		t.Fatal("no CloudFront behaviour sends a page to the api origin (the link previews')")
	}
	routed := map[string]bool{}
	for _, r := range pt.templateRoutes() {
		method, path, _ := strings.Cut(r, " ")
		if strings.HasPrefix(path, "/api/") {
			continue
		}
		pattern := behaviourPattern(path)
		routed[pattern] = true
		if method != "GET" {
			t.Errorf("page route %s: pages are GET only", r)
		}
		sample := strings.ReplaceAll(pattern, "*", "abc")
		for _, b := range get(dc, "CacheBehaviors").Content {
			if cloudFrontMatches(scalar(get(b, "PathPattern")), sample) {
				if got := scalar(get(b, "PathPattern")); got != pattern {
					t.Errorf("page route %s: CloudFront's first behaviour for %s is %s, not its own %s", r, sample, got, pattern)
				}
				break
			}
		}
	}
	const cachingDisabled = "4135ea2d-6df8-44a3-9df3-4b5a84be39ad"
	for pattern, b := range pages {
		if !routed[pattern] {
			t.Errorf("behaviour %s sends to the api origin a path no HttpApi route serves", pattern)
		}
		if got := scalars(get(b, "AllowedMethods")); !slices.Equal(got, []string{"GET", "HEAD"}) {
			t.Errorf("behaviour %s: AllowedMethods %v, want [GET HEAD]", pattern, got)
		}
		policy := get(b, "CachePolicyId")
		if refTarget(policy) != "PublicApiCachePolicy" && scalar(policy) != cachingDisabled {
			t.Errorf("behaviour %s: CachePolicyId must be !Ref PublicApiCachePolicy or Managed-CachingDisabled", pattern)
		}
		if get(b, "OriginRequestPolicyId") != nil {
			t.Errorf("behaviour %s: an origin request policy would forward viewer headers (Authorization)", pattern)
		}
		if got := refTarget(get(b, "ResponseHeadersPolicyId")); got == "" || got != defaultHeaders {
			t.Errorf("behaviour %s: ResponseHeadersPolicyId !Ref %q, want the SPA's (%s)", pattern, got, defaultHeaders)
		}
	}
	params := get(get(get(get(get(readYAML(t, templatePath), "Resources"), "PublicApiCachePolicy"), "Properties"), "CachePolicyConfig"), "ParametersInCacheKeyAndForwardedToOrigin")
	if scalar(get(get(params, "HeadersConfig"), "HeaderBehavior")) != "none" || scalar(get(get(params, "CookiesConfig"), "CookieBehavior")) != "none" {
		t.Error("PublicApiCachePolicy must forward no header and no cookie")
	}
}

func TestOpenAPIPathsEqualTemplateRoutes(t *testing.T) {
	pt := parseTemplate(t)
	doc := readYAML(t, openAPIPath)
	if v := scalar(get(doc, "openapi")); !strings.HasPrefix(v, "3.1") {
		t.Errorf("%s: openapi version %q, want 3.1.x", openAPIPath, v)
	}
	methods := map[string]bool{"get": true, "put": true, "post": true, "delete": true, "patch": true, "head": true, "options": true, "trace": true}
	var documented, operationIDs []string
	each(get(doc, "paths"), func(path string, item *yaml.Node) {
		each(item, func(key string, op *yaml.Node) {
			if !methods[key] {
				return
			}
			route := strings.ToUpper(key) + " " + path
			documented = append(documented, route)
			if id := scalar(get(op, "operationId")); id == "" {
				t.Errorf("%s: %s has no operationId", openAPIPath, route)
			} else {
				operationIDs = append(operationIDs, id)
			}
			if get(op, "responses") == nil {
				t.Errorf("%s: %s documents no responses", openAPIPath, route)
			}
		})
	})
	sort.Strings(documented)
	if d := duplicates(operationIDs); len(d) > 0 {
		t.Errorf("%s: duplicate operationIds %v", openAPIPath, d)
	}
	if want := pt.templateRoutes(); !slices.Equal(documented, want) {
		t.Errorf("OpenAPI paths differ from template.yaml's HttpApi routes:%s", diff("template.yaml", want, "openapi.yaml", documented))
	}
}

func TestEachFunctionServesExactlyItsTemplateRoutes(t *testing.T) {
	pt := parseTemplate(t)

	var withRoutes []string
	for _, id := range sortedKeys(pt.Functions) {
		if len(pt.Functions[id].Routes) > 0 {
			withRoutes = append(withRoutes, id)
		}
	}
	registered := sortedKeys(areas.APIs)
	if !slices.Equal(registered, withRoutes) {
		t.Errorf("areas.APIs differs from the template's functions with HttpApi events:%s",
			diff("template.yaml", withRoutes, "areas.APIs", registered))
	}

	for _, id := range registered {
		fn, ok := pt.Functions[id]
		if !ok {
			continue // reported above
		}
		t.Run(id, func(t *testing.T) {
			var served []string
			for _, r := range areas.APIs[id].Routes(app.Deps{}) {
				served = append(served, r.Method+" "+r.Path)
			}
			sort.Strings(served)
			if d := duplicates(served); len(d) > 0 {
				t.Errorf("Routes lists %v twice", d)
			}
			if !slices.Equal(served, fn.Routes) {
				t.Errorf("the mux and template.yaml disagree:%s", diff("template.yaml", fn.Routes, "Routes()", served))
			}
		})
	}
}

func TestTriggersAreWiredToTheUserPool(t *testing.T) {
	pt := parseTemplate(t)
	triggers := sortedKeys(areas.Triggers)
	wired := sortedKeys(pt.PoolTriggers)
	if !slices.Equal(triggers, wired) {
		t.Errorf("areas.Triggers differs from the functions in the user pool's LambdaConfig:%s",
			diff("template.yaml LambdaConfig", wired, "areas.Triggers", triggers))
	}
	for _, id := range triggers {
		fn, ok := pt.Functions[id]
		if !ok {
			t.Errorf("trigger %s is not a function in template.yaml", id)
			continue
		}
		if len(fn.Routes) > 0 {
			t.Errorf("trigger %s also has HttpApi routes %v", id, fn.Routes)
		}
	}
}

func TestCustomResourcesAreServedByTheirFunctions(t *testing.T) {
	pt := parseTemplate(t)
	registered := sortedKeys(areas.CustomResources)
	wired := sortedKeys(pt.CustomTypes)
	if !slices.Equal(registered, wired) {
		t.Errorf("areas.CustomResources differs from the functions custom resources name as ServiceToken:%s",
			diff("template.yaml", wired, "areas.CustomResources", registered))
	}
	for _, id := range registered {
		fn, ok := pt.Functions[id]
		if !ok {
			t.Errorf("custom resource function %s is not a function in template.yaml", id)
			continue
		}
		if len(fn.Routes) > 0 || len(pt.PoolTriggers[id]) > 0 {
			t.Errorf("custom resource function %s also serves routes %v or triggers %v", id, fn.Routes, pt.PoolTriggers[id])
		}
		if want, got := []string{areas.CustomResources[id]}, pt.CustomTypes[id]; !slices.Equal(got, want) {
			t.Errorf("%s serves custom resources of types %v in template.yaml, want exactly %v", id, got, want)
		}
	}
}

// makefileFunctions reads the Makefile's FUNCTIONS list: LogicalId → directory under functions/.
func makefileFunctions(t *testing.T) map[string]string {
	t.Helper()
	b, err := os.ReadFile(makefilePath)
	if err != nil {
		t.Fatal(err)
	}
	// FUNCTIONS := \ <LogicalId>:<dir> \ ... (one entry a line, until the first line without a trailing backslash)
	block := regexp.MustCompile(`(?m)^FUNCTIONS\s*:?=((?:.*\\\n)*.*)$`).FindSubmatch(b)
	if block == nil {
		t.Fatalf("%s: no FUNCTIONS := list", makefilePath)
	}
	dirs := map[string]string{}
	for _, m := range regexp.MustCompile(`([A-Za-z0-9]+):([A-Za-z0-9_-]+)`).FindAllSubmatch(block[1], -1) {
		dirs[string(m[1])] = string(m[2])
	}
	return dirs
}

func TestEveryFunctionIsRegisteredAndBuiltByTheMakefile(t *testing.T) {
	pt := parseTemplate(t)

	for _, id := range sortedKeys(pt.Functions) {
		_, isAPI := areas.APIs[id]
		_, isTrigger := areas.Triggers[id]
		_, isCustom := areas.CustomResources[id]
		_, isScheduled := areas.Scheduled[id]
		_, isJob := areas.Jobs[id]
		_, isInvoked := areas.Invoked[id]
		if !isAPI && !isTrigger && !isCustom && !isScheduled && !isJob && !isInvoked {
			t.Errorf("%s is in template.yaml but in none of areas.APIs, areas.Triggers, areas.CustomResources, areas.Scheduled, areas.Jobs, areas.Invoked", id)
		}
		if bm := pt.Functions[id].BuildMethod; bm != "makefile" {
			t.Errorf("%s: Metadata.BuildMethod is %q, want makefile (the Makefile's build-%s target)", id, bm, id)
		}
	}

	dirs := makefileFunctions(t)
	inMakefile := sortedKeys(dirs)
	inTemplate := sortedKeys(pt.Functions)
	if !slices.Equal(inMakefile, inTemplate) {
		t.Errorf("the Makefile's FUNCTIONS differ from template.yaml's functions:%s",
			diff("template.yaml", inTemplate, "Makefile", inMakefile))
	}
	for _, id := range inMakefile {
		main := filepath.Join(repoRoot, "functions", dirs[id], "main.go")
		if _, err := os.Stat(main); err != nil {
			t.Errorf("Makefile builds %s from functions/%s, but %v", id, dirs[id], err)
		}
	}
}

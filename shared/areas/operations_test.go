package areas_test

// These tests hold what running Verde for real needs of template.yaml
// (docs/operations.md): JSON logs and an alarm for every function, a failure
// destination on every asynchronous path, no fixed physical names (two stacks
// side by side in one account and region), the CustomMessage trigger wired,
// and every make target in `make help`.

import (
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/verde-app/verde/shared/areas"
	"github.com/verde-app/verde/shared/domain"
)

func resources(t *testing.T) *yaml.Node {
	t.Helper()
	return get(readYAML(t, templatePath), "Resources")
}

func functionsOf(t *testing.T) map[string]*yaml.Node {
	out := map[string]*yaml.Node{}
	each(resources(t), func(id string, res *yaml.Node) {
		if scalar(get(res, "Type")) == "AWS::Serverless::Function" {
			out[id] = res
		}
	})
	return out
}

// walk calls f on n and every node under it.
func walk(n *yaml.Node, f func(*yaml.Node)) {
	if n == nil {
		return
	}
	f(n)
	for _, c := range n.Content {
		walk(c, f)
	}
}

func TestEveryFunctionLogsJSONToItsOwnGroup(t *testing.T) {
	res := resources(t)
	for id, fn := range functionsOf(t) {
		lc := get(get(fn, "Properties"), "LoggingConfig")
		if got := scalar(get(lc, "LogFormat")); got != "JSON" {
			t.Errorf("%s: LoggingConfig.LogFormat is %q, want JSON (slog's JSON lines, shared/obs)", id, got)
		}
		group := refTarget(get(lc, "LogGroup"))
		g := get(res, group)
		if g == nil || scalar(get(g, "Type")) != "AWS::Logs::LogGroup" {
			t.Errorf("%s: LoggingConfig.LogGroup must !Ref a log group of the template (its retention), got %q", id, group)
			continue
		}
		if get(get(g, "Properties"), "RetentionInDays") == nil {
			t.Errorf("%s: log group %s keeps logs forever", id, group)
		}
	}
}

// alarmedFunctions are the functions some AWS/Lambda alarm watches (a
// FunctionName dimension that refers to them).
func alarmedFunctions(t *testing.T) map[string]map[string]bool {
	watched := map[string]map[string]bool{}
	each(resources(t), func(id string, res *yaml.Node) {
		if scalar(get(res, "Type")) != "AWS::CloudWatch::Alarm" {
			return
		}
		if len(get(get(res, "Properties"), "AlarmActions").Content) == 0 {
			t.Errorf("alarm %s notifies nobody (AlarmActions: [!Ref AlarmTopic])", id)
		}
		walk(get(res, "Properties"), func(n *yaml.Node) {
			if scalar(get(n, "Name")) == "FunctionName" {
				fn := refTarget(get(n, "Value"))
				if watched[fn] == nil {
					watched[fn] = map[string]bool{}
				}
				walk(get(res, "Properties"), func(m *yaml.Node) {
					if name := scalar(get(m, "MetricName")); name != "" {
						watched[fn][name] = true
					}
				})
			}
		})
	})
	return watched
}

func TestEveryFunctionHasAnAlarmOnErrorsAndThrottles(t *testing.T) {
	watched := alarmedFunctions(t)
	for id := range functionsOf(t) {
		if !watched[id]["Errors"] || !watched[id]["Throttles"] {
			t.Errorf("%s: no alarm watches its Errors and Throttles (saw %v)", id, watched[id])
		}
	}
}

func TestTheStackAlarmsOnTheAPITableJobsAndSite(t *testing.T) {
	metrics := map[string]bool{}
	each(resources(t), func(id string, res *yaml.Node) {
		if scalar(get(res, "Type")) != "AWS::CloudWatch::Alarm" {
			return
		}
		walk(res, func(n *yaml.Node) {
			if ns, m := scalar(get(n, "Namespace")), scalar(get(n, "MetricName")); m != "" {
				if ns == "" {
					ns = scalar(get(get(res, "Properties"), "Namespace"))
				}
				metrics[ns+" "+m] = true
			}
		})
	})
	for _, want := range []string{"AWS/ApiGateway 5xx", "AWS/ApiGateway Count", "AWS/ApiGateway Latency",
		"AWS/DynamoDB ReadThrottleEvents", "AWS/DynamoDB WriteThrottleEvents", "AWS/DynamoDB SystemErrors",
		"AWS/SQS ApproximateNumberOfMessagesVisible", "AWS/CloudFront 5xxErrorRate"} {
		if !metrics[want] {
			t.Errorf("no alarm on %s", want)
		}
	}
	for _, hook := range []string{"RemindersIncomplete", "EmailFailed"} {
		found := false
		each(resources(t), func(id string, res *yaml.Node) {
			if scalar(get(res, "Type")) == "AWS::Logs::MetricFilter" && strings.Contains(scalar(get(get(res, "Properties"), "FilterPattern")), `"`+hook+`"`) {
				found = true
			}
		})
		if !found || !metrics[" "+hook] && !metricsWithSubNamespace(t, hook) {
			t.Errorf("alarm hook %s: needs a metric filter on {$.alarm = %q} and an alarm on its metric", hook, hook)
		}
	}
	dash := 0
	each(resources(t), func(id string, res *yaml.Node) {
		if scalar(get(res, "Type")) == "AWS::CloudWatch::Dashboard" {
			dash++
		}
	})
	if dash != 1 {
		t.Errorf("%d CloudWatch dashboards, want one", dash)
	}
}

func metricsWithSubNamespace(t *testing.T, name string) bool {
	found := false
	each(resources(t), func(id string, res *yaml.Node) {
		p := get(res, "Properties")
		if scalar(get(res, "Type")) == "AWS::CloudWatch::Alarm" && scalar(get(p, "MetricName")) == name {
			found = true
		}
	})
	return found
}

// asyncEvents are event types whose source invokes Lambda asynchronously.
var asyncEvents = []string{"Schedule", "ScheduleV2", "S3", "SNS", "EventBridgeRule", "CloudWatchEvent", "CloudWatchLogs", "IoTRule"}

func TestEveryAsynchronousPathHasAFailureDestination(t *testing.T) {
	res := resources(t)
	fns := functionsOf(t)
	async := map[string]string{}
	for id := range areas.Jobs {
		async[id] = "invoked with InvocationType Event (areas.Jobs)"
	}
	for id := range areas.Scheduled {
		async[id] = "on a schedule (areas.Scheduled)"
	}
	for id := range areas.CustomResources {
		async[id] = "CloudFormation's custom resource (invoked asynchronously)"
	}
	for id, fn := range fns {
		each(get(get(fn, "Properties"), "Events"), func(name string, ev *yaml.Node) {
			typ := scalar(get(ev, "Type"))
			if !slices.Contains(asyncEvents, typ) {
				return
			}
			async[id] = "its " + typ + " event " + name
			if typ == "ScheduleV2" || typ == "Schedule" {
				if get(get(get(ev, "Properties"), "DeadLetterConfig"), "Arn") == nil {
					t.Errorf("%s: schedule %s has no DeadLetterConfig.Arn (the scheduler's own failures)", id, name)
				}
			}
		})
	}
	for id, why := range async {
		fn := fns[id]
		if fn == nil {
			t.Errorf("%s (%s) is not a function of template.yaml", id, why)
			continue
		}
		on := get(get(get(get(fn, "Properties"), "EventInvokeConfig"), "DestinationConfig"), "OnFailure")
		if getAttTarget(get(on, "Destination")) != "JobFailuresQueue" {
			t.Errorf("%s is asynchronous (%s) but has no EventInvokeConfig.DestinationConfig.OnFailure to JobFailuresQueue", id, why)
		}
	}
	// A function with an alias takes its EventInvokeConfig on the alias: the custom resource must call that.
	each(res, func(id string, r *yaml.Node) {
		if !strings.HasPrefix(scalar(get(r, "Type")), "Custom::") {
			return
		}
		tok := get(get(r, "Properties"), "ServiceToken")
		fn := getAttTarget(tok)
		if fn == "" {
			fn, _, _ = strings.Cut(refTarget(tok), ".")
		}
		if f := fns[fn]; f != nil && get(get(f, "Properties"), "AutoPublishAlias") != nil && !strings.HasSuffix(refTarget(tok), ".Alias") {
			t.Errorf("%s: ServiceToken must be !Ref %s.Alias (its EventInvokeConfig is on the alias)", id, fn)
		}
	})
}

// TestAStalledExportIsSurelyDead holds domain.ExportParadaApos to the dados job's configuration: a run
// lasts at most its Timeout and a queued continuation waits at most MaximumEventAgeInSeconds before
// it is dropped, so an export with no progress for longer has failed.
func TestAStalledExportIsSurelyDead(t *testing.T) {
	p := get(functionsOf(t)["DadosJobFunction"], "Properties")
	timeout, _ := strconv.Atoi(scalar(get(p, "Timeout")))
	age, _ := strconv.Atoi(scalar(get(get(p, "EventInvokeConfig"), "MaximumEventAgeInSeconds")))
	retries := scalar(get(get(p, "EventInvokeConfig"), "MaximumRetryAttempts"))
	if timeout == 0 || age == 0 || retries != "0" {
		t.Fatalf("DadosJobFunction needs Timeout, EventInvokeConfig.MaximumEventAgeInSeconds and MaximumRetryAttempts 0 (got %d, %d, %q)", timeout, age, retries)
	}
	if limit := time.Duration(timeout+age) * time.Second; domain.ExportParadaApos <= limit {
		t.Errorf("domain.ExportParadaApos (%s) must exceed Timeout + MaximumEventAgeInSeconds (%s)", domain.ExportParadaApos, limit)
	}
}

// nameProps are the properties that give a resource a physical name, unique in the account and
// region (or globally); each must carry ${AWS::StackName}.
var nameProps = map[string][]string{
	"AWS::Serverless::Function":              {"FunctionName"},
	"AWS::Logs::LogGroup":                    {"LogGroupName"},
	"AWS::Cognito::UserPool":                 {"UserPoolName"},
	"AWS::Cognito::UserPoolClient":           {"ClientName"},
	"AWS::CloudFront::Function":              {"Name"},
	"AWS::CloudFront::OriginAccessControl":   {"OriginAccessControlConfig.Name"},
	"AWS::CloudFront::ResponseHeadersPolicy": {"ResponseHeadersPolicyConfig.Name"},
	"AWS::CloudFront::CachePolicy":           {"CachePolicyConfig.Name"},
	"AWS::CloudWatch::Alarm":                 {"AlarmName"},
	"AWS::CloudWatch::Dashboard":             {"DashboardName"},
	"AWS::SQS::Queue":                        {"QueueName"},
	"AWS::SNS::Topic":                        {"TopicName"},
	"AWS::S3::Bucket":                        {"BucketName"},
	"AWS::DynamoDB::Table":                   {"TableName"},
	"AWS::SecretsManager::Secret":            {"Name"},
	"AWS::IAM::Role":                         {"RoleName"},
	"AWS::Scheduler::Schedule":               {"Name"},
	"AWS::WAFv2::WebACL":                     {"Name"},
}

// perStackParameters name a physical thing by a parameter each stack sets to its own value.
var perStackParameters = map[string]bool{"AuthDomainPrefix": true, "AuthDomain": true}

func TestNoFixedPhysicalNames(t *testing.T) {
	carriesStack := func(n *yaml.Node) bool {
		if n == nil {
			return true // unnamed: CloudFormation names it after the stack
		}
		var b strings.Builder
		walk(n, func(m *yaml.Node) { b.WriteString(m.Value + " ") })
		return strings.Contains(b.String(), "${AWS::StackName}") || perStackParameters[refTarget(n)]
	}
	each(resources(t), func(id string, res *yaml.Node) {
		typ := scalar(get(res, "Type"))
		for _, path := range nameProps[typ] {
			n := get(res, "Properties")
			for _, k := range strings.Split(path, ".") {
				n = get(n, k)
			}
			if !carriesStack(n) {
				t.Errorf("%s (%s): %s is a fixed name; a second stack in the account would collide (use !Sub ${AWS::StackName}-…)", id, typ, path)
			}
		}
		if typ == "AWS::Cognito::UserPoolDomain" && !carriesStack(get(get(res, "Properties"), "Domain")) {
			t.Errorf("%s: the domain must come from a per-stack parameter", id)
		}
		// SAM names a ScheduleV2's schedule after its LogicalIds unless Name is set.
		each(get(get(res, "Properties"), "Events"), func(name string, ev *yaml.Node) {
			if typ := scalar(get(ev, "Type")); typ == "ScheduleV2" {
				if n := get(get(ev, "Properties"), "Name"); n == nil || !carriesStack(n) {
					t.Errorf("%s: schedule %s needs Name: !Sub ${AWS::StackName}-… (SAM's default, %s%s, is fixed)", id, name, id, name)
				}
			}
		})
	})
}

func TestEveryPoolTriggerMayBeInvokedByItsPool(t *testing.T) {
	pt := parseTemplate(t)
	if !slices.Contains(pt.PoolTriggers["CustomMessageFunction"], "CustomMessage") {
		t.Fatalf("the user pool's LambdaConfig.CustomMessage is not CustomMessageFunction: %v", pt.PoolTriggers)
	}
	permitted := map[string]bool{}
	each(resources(t), func(id string, res *yaml.Node) {
		p := get(res, "Properties")
		if scalar(get(res, "Type")) == "AWS::Lambda::Permission" && scalar(get(p, "Principal")) == "cognito-idp.amazonaws.com" {
			permitted[getAttTarget(get(p, "FunctionName"))] = true
		}
	})
	for fn := range pt.PoolTriggers {
		if !permitted[fn] {
			t.Errorf("%s is a user pool trigger without an AWS::Lambda::Permission for cognito-idp.amazonaws.com", fn)
		}
	}
}

// TestMakeHelpListsEveryTarget: every target a person may run is in `make help`.
func TestMakeHelpListsEveryTarget(t *testing.T) {
	b, err := os.ReadFile(makefilePath)
	if err != nil {
		t.Fatal(err)
	}
	mk := string(b)
	start := strings.Index(mk, "\nhelp:")
	if start < 0 {
		t.Fatal("the Makefile has no help target")
	}
	end := strings.Index(mk[start+1:], "\n\n")
	help := mk[start : start+1+end]
	for _, m := range regexp.MustCompile(`(?m)^\.PHONY:\s*(.+)$`).FindAllStringSubmatch(mk, -1) {
		for _, target := range strings.Fields(m[1]) {
			if strings.Contains(target, "$(") {
				target = "build-<LogicalId>" // the per-function rule
			}
			if target == "help" {
				continue
			}
			if !regexp.MustCompile(`make ` + regexp.QuoteMeta(target) + `(\s|$)`).MatchString(help) {
				t.Errorf("make help does not list %s", target)
			}
		}
	}
}

// TestCognitoSendsThroughSESWhenAnIdentityIsSet: with EmailIdentity and EmailFrom, the pool's
// EmailConfiguration is DEVELOPER from that identity; without, Cognito's own sender.
func TestCognitoSendsThroughSESWhenAnIdentityIsSet(t *testing.T) {
	pool := get(get(resources(t), "UserPool"), "Properties")
	ec := get(pool, "EmailConfiguration")
	if ec == nil || ec.Tag != "!If" || len(ec.Content) != 3 || ec.Content[0].Value != "HasEmail" {
		t.Fatalf("EmailConfiguration must be !If [HasEmail, DEVELOPER…, COGNITO_DEFAULT]")
	}
	dev, def := ec.Content[1], ec.Content[2]
	if scalar(get(dev, "EmailSendingAccount")) != "DEVELOPER" || refTarget(get(dev, "From")) != "EmailFrom" ||
		!strings.Contains(scalar(get(dev, "SourceArn")), "identity/${EmailIdentity}") {
		t.Errorf("with SES: %+v", dev)
	}
	if scalar(get(def, "EmailSendingAccount")) != "COGNITO_DEFAULT" {
		t.Errorf("without SES: %+v", def)
	}
	for _, fn := range []string{"RemindersFunction", "DigestFunction"} {
		vars := get(get(get(functionsOf(t)[fn], "Properties"), "Environment"), "Variables")
		if get(vars, "EMAIL_FROM") == nil || refTarget(get(vars, "EMAIL_LINK_SECRET_ARN")) != "EmailLinkSecret" {
			t.Errorf("%s sends e-mail without EMAIL_FROM and EMAIL_LINK_SECRET_ARN", fn)
		}
	}
}

// Package areas lists Verde's Lambda functions by their template.yaml
// LogicalId: what each serves, so the local cloud and the tests run exactly
// what is deployed.
package areas

import (
	"net/http"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/account"
	"github.com/verde-app/verde/shared/api/admin"
	"github.com/verde-app/verde/shared/api/cultivos"
	"github.com/verde-app/verde/shared/api/feed"
	"github.com/verde-app/verde/shared/api/groups"
	"github.com/verde-app/verde/shared/api/lotes"
	"github.com/verde-app/verde/shared/api/me"
	"github.com/verde-app/verde/shared/api/notifications"
	"github.com/verde-app/verde/shared/api/rankings"
	"github.com/verde-app/verde/shared/api/uploads"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/auth/cognitoadmin"
	"github.com/verde-app/verde/shared/dados"
	"github.com/verde-app/verde/shared/reminders"
	"github.com/verde-app/verde/shared/triggers"
	"github.com/verde-app/verde/shared/triggers/presignup/cognitoaccounts"
)

// API is an HTTP API function.
type API struct {
	New    func(app.Deps) http.Handler
	Routes func(app.Deps) []api.Route
}

// APIs by LogicalId.
var APIs = map[string]API{
	"MeFunction":            {New: me.NewServer, Routes: me.Routes},
	"NotificationsFunction": {New: notifications.NewServer, Routes: notifications.Routes},
	"GroupsFunction":        {New: groups.NewServer, Routes: groups.Routes},
	"LotesFunction":         {New: lotes.NewServer, Routes: lotes.Routes},
	"CultivosFunction":      {New: cultivos.NewServer, Routes: cultivos.Routes},
	"UploadsFunction":       {New: uploads.NewServer, Routes: uploads.Routes},
	"RankingsFunction":      {New: rankings.NewServer, Routes: rankings.Routes},
	"AdminFunction":         {New: admin.NewServer, Routes: admin.Routes},
	"AccountFunction":       {New: account.NewServer, Routes: account.Routes},
	"FeedFunction":          {New: feed.NewServer, Routes: feed.Routes},
}

// Wired are the clients each function adds to app.NewDeps's, by LogicalId, as its main.go
// calls them (wires_test.go reads them there); the local cloud wires each function the same.
// A function not listed links and builds no more than app.NewDeps's.
var Wired = map[string][]string{
	"AdminFunction":   {"cognitoadmin.Wire"},
	"AccountFunction": {"cognitoadmin.Wire"},
}

// Wires are Wired's calls by name.
var Wires = map[string]func(*app.Deps){
	"cognitoadmin.Wire": cognitoadmin.Wire,
}

// Triggers by LogicalId: each returns an aws-lambda-go handler function.
var Triggers = map[string]func(app.Deps) any{
	"PreSignUpFunction":        func(d app.Deps) any { return triggers.PreSignUp(d.Config.AutoConfirm, cognitoaccounts.Lazy()) },
	"PostConfirmationFunction": func(d app.Deps) any { return triggers.PostConfirmation(d) },
}

// Scheduled functions by LogicalId, each with the UTC hour of its daily
// run: EventBridge schedules in AWS (template.yaml); the local cloud runs
// them at that hour and on demand through its Lambda Invoke endpoint.
var Scheduled = map[string]ScheduledJob{
	"RemindersFunction": {HourUTC: 10, New: func(d app.Deps) any { return reminders.Handler(d) }},
}

// Jobs are functions invoked asynchronously (Lambda Invoke, InvocationType
// Event) by other functions or by themselves, by LogicalId: the export job
// of /admin/dados (shared/dados). The local cloud serves them on its invoke
// endpoint.
var Jobs = map[string]func(app.Deps) any{
	"DadosJobFunction": func(d app.Deps) any { return dados.Handler(d) },
}

// ScanAllowed are the functions that may Scan the table, each for a stated
// reason: DadosJobFunction exports whole entities (no index partition lists
// every profile, group, post …) and backfills the member index, offline.
var ScanAllowed = map[string]bool{"DadosJobFunction": true}

// ScheduledJob is a scheduled function: its handler and daily hour (UTC).
type ScheduledJob struct {
	HourUTC int
	New     func(app.Deps) any
}

// CustomResources by LogicalId: the CloudFormation custom resource type each
// function serves. They run only in a deployed stack (functions/<dir>); the
// local cloud does their work at start (CatalogSeedFunction: store.SeedCatalog).
var CustomResources = map[string]string{
	"CatalogSeedFunction": "Custom::CatalogSeed",
}

// TableActions are the DynamoDB IAM actions each function may use on the table, by LogicalId:
// its policy in template.yaml grants exactly these (policy_test.go holds that), and the local
// cloud refuses any call a function makes beyond them, as IAM would. A transaction needs the
// action of each of its parts (Put: PutItem, Update: UpdateItem, Delete: DeleteItem,
// ConditionCheck: ConditionCheckItem). No function may Scan. A function not listed calls none.
var TableActions = map[string][]string{
	"MeFunction":               {"BatchWriteItem", "GetItem", "PutItem", "Query", "UpdateItem"},
	"NotificationsFunction":    {"GetItem", "Query", "UpdateItem"},
	"GroupsFunction":           {"BatchGetItem", "BatchWriteItem", "ConditionCheckItem", "DeleteItem", "GetItem", "PutItem", "Query", "UpdateItem"},
	"LotesFunction":            {"BatchGetItem", "ConditionCheckItem", "DeleteItem", "GetItem", "PutItem", "Query", "UpdateItem"},
	"CultivosFunction":         {"BatchGetItem", "ConditionCheckItem", "DeleteItem", "GetItem", "PutItem", "Query", "UpdateItem"},
	"UploadsFunction":          {"GetItem", "UpdateItem"},
	"PostConfirmationFunction": {"BatchWriteItem", "GetItem", "PutItem", "UpdateItem"},
	"CatalogSeedFunction":      {"BatchGetItem", "BatchWriteItem", "GetItem", "PutItem", "Query"},
	"RankingsFunction":         {"BatchGetItem", "GetItem", "Query"},
	"RemindersFunction":        {"BatchGetItem", "GetItem", "PutItem", "Query", "UpdateItem"},
	"AdminFunction":            {"BatchGetItem", "BatchWriteItem", "DeleteItem", "GetItem", "PutItem", "Query", "UpdateItem"},
	"AccountFunction":          {"BatchGetItem", "BatchWriteItem", "ConditionCheckItem", "DeleteItem", "GetItem", "PutItem", "Query", "UpdateItem"},
	"FeedFunction":             {"BatchGetItem", "ConditionCheckItem", "DeleteItem", "GetItem", "PutItem", "Query", "UpdateItem"},
	// The one Scan: the export job's bulk offline read of an entity (a paged Scan filtered by
	// type; no index lists every item of an entity) and the member-search backfill; never a
	// request path. PutItem/UpdateItem: the export's state and its notification.
	"DadosJobFunction": {"BatchGetItem", "BatchWriteItem", "GetItem", "PutItem", "Scan", "UpdateItem"},
}

// Package areas lists Verde's Lambda functions by their template.yaml
// LogicalId: what each serves, so the local cloud and the tests run exactly
// what is deployed.
package areas

import (
	"net/http"
	"os"
	"time"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/account"
	"github.com/verde-app/verde/shared/api/admin"
	"github.com/verde-app/verde/shared/api/cultivos"
	"github.com/verde-app/verde/shared/api/feed"
	"github.com/verde-app/verde/shared/api/groups"
	"github.com/verde-app/verde/shared/api/lotes"
	"github.com/verde-app/verde/shared/api/me"
	"github.com/verde-app/verde/shared/api/mutiroes"
	"github.com/verde-app/verde/shared/api/notifications"
	"github.com/verde-app/verde/shared/api/rankings"
	"github.com/verde-app/verde/shared/api/uploads"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/auth/cognitoadmin"
	"github.com/verde-app/verde/shared/dados"
	"github.com/verde-app/verde/shared/digest"
	"github.com/verde-app/verde/shared/photojob"
	"github.com/verde-app/verde/shared/photoproc"
	"github.com/verde-app/verde/shared/reminders"
	"github.com/verde-app/verde/shared/triggers"
	"github.com/verde-app/verde/shared/triggers/custommessage"
	"github.com/verde-app/verde/shared/triggers/presignup/cognitoaccounts"
	"github.com/verde-app/verde/shared/uploads/bucket"
	"github.com/verde-app/verde/shared/views"
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
	"MutiroesFunction":      {New: mutiroes.NewServer, Routes: mutiroes.Routes},
}

// Wired are the clients each function adds to app.NewDeps's, by LogicalId, as its main.go
// calls them (wires_test.go reads them there); the local cloud wires each function the same.
// A function not listed links and builds no more than app.NewDeps's.
var Wired = map[string][]string{
	"AdminFunction":   {"cognitoadmin.Wire", "bucket.Wire"},
	"AccountFunction": {"cognitoadmin.Wire", "bucket.Wire"},
	"UploadsFunction": {"bucket.Wire"},
	// The export job writes its files, the photos job deletes released photos.
	"DadosJobFunction":  {"bucket.Wire"},
	"PhotosJobFunction": {"bucket.Wire"},
	// The migrations copy Cognito's admin group into the server's record (admins-do-cognito).
	"MigrationsFunction": {"cognitoadmin.Wire"},
}

// Wires are Wired's calls by name.
var Wires = map[string]func(*app.Deps){
	"cognitoadmin.Wire": cognitoadmin.Wire,
	"bucket.Wire":       bucket.Wire,
}

// Triggers by LogicalId: each returns an aws-lambda-go handler function.
var Triggers = map[string]func(app.Deps) any{
	"PreSignUpFunction":        func(d app.Deps) any { return triggers.PreSignUp(d.Config.AutoConfirm, cognitoaccounts.Lazy()) },
	"PostConfirmationFunction": func(d app.Deps) any { return triggers.PostConfirmation(d) },
	"CustomMessageFunction":    func(d app.Deps) any { return custommessage.Handler(d.Config.SiteURL) },
}

// Scheduled functions by LogicalId, each with the UTC hour of its daily
// run: EventBridge schedules in AWS (template.yaml); the local cloud runs
// them at that hour and on demand through its Lambda Invoke endpoint.
var Scheduled = map[string]ScheduledJob{
	"RemindersFunction": {HourUTC: 10, New: func(d app.Deps) any { return reminders.Handler(d) }},
	"DigestFunction":    {HourUTC: 11, Weekly: true, Weekday: time.Monday, New: func(d app.Deps) any { return digest.Handler(d) }},
	// The photos job: released photos deleted and invalidated, unclaimed uploads deleted. Also
	// started (InvocationType Event) by the API functions when an item releases a photo.
	"PhotosJobFunction": {HourUTC: 6, New: func(d app.Deps) any { return photojob.Handler(photojob.New(d, os.Getenv("DISTRIBUTION_ID"))) }},
	// The rankings' snapshots, every 15 minutes (also a job: the views' other work).
	"ViewsJobFunction": {Every: 15 * time.Minute, Event: map[string]any{"kind": views.KindRankings}, New: func(d app.Deps) any { return views.Handler(d) }},
}

// Jobs are functions invoked asynchronously (Lambda Invoke, InvocationType
// Event) by other functions or by themselves, by LogicalId: the export job
// of /admin/dados (shared/dados). The local cloud serves them on its invoke
// endpoint.
var Jobs = map[string]func(app.Deps) any{
	"DadosJobFunction": func(d app.Deps) any { return dados.Handler(d) },
	"ViewsJobFunction": func(d app.Deps) any { return views.Handler(d) },
}

// Invoked are functions other functions invoke synchronously (Lambda Invoke, InvocationType
// RequestResponse), by LogicalId: the photo processor, invoked by the API functions whose items
// name an upload (shared/api/kit.Photos) and built from the environment alone, as in
// functions/photos. The local cloud serves them on its invoke endpoint too.
var Invoked = map[string]func(app.Deps) any{
	"PhotosFunction": func(d app.Deps) any { return photoproc.Handler(photoproc.S3FromEnv(), d.Config.UploadsBucket) },
}

// ScanAllowed are the functions that may Scan the table, each for a stated
// reason: DadosJobFunction exports whole entities (no index partition lists
// every profile, group, post …) and MigrationsFunction backfills the member
// index once, both offline.
var ScanAllowed = map[string]bool{"DadosJobFunction": true, "MigrationsFunction": true}

// ScheduledJob is a scheduled function: its handler and hour (UTC), every
// day or, Weekly, on Weekday only; or the interval of a rate schedule
// (Every) with its input (Event).
type ScheduledJob struct {
	HourUTC int
	Weekly  bool
	Weekday time.Weekday
	Every   time.Duration
	Event   map[string]any
	New     func(app.Deps) any
}

// CustomResources by LogicalId: the CloudFormation custom resource type each
// function serves. They run only in a deployed stack (functions/<dir>); the
// local cloud does their work at start (MigrationsFunction: shared/migrations).
var CustomResources = map[string]string{
	"MigrationsFunction": "Custom::Migrations",
}

// TableActions are the DynamoDB IAM actions each function may use on the table, by LogicalId:
// its policy in template.yaml grants exactly these (policy_test.go holds that), and the local
// cloud refuses any call a function makes beyond them, as IAM would. A transaction needs the
// action of each of its parts (Put: PutItem, Update: UpdateItem, Delete: DeleteItem,
// ConditionCheck: ConditionCheckItem). No function may Scan. A function not listed calls none.
var TableActions = map[string][]string{
	"MeFunction":               {"BatchGetItem", "BatchWriteItem", "DeleteItem", "GetItem", "PutItem", "Query", "UpdateItem"},
	"NotificationsFunction":    {"BatchGetItem", "GetItem", "PutItem", "Query", "UpdateItem"},
	"GroupsFunction":           {"BatchGetItem", "BatchWriteItem", "ConditionCheckItem", "DeleteItem", "GetItem", "PutItem", "Query", "UpdateItem"},
	"LotesFunction":            {"BatchGetItem", "ConditionCheckItem", "DeleteItem", "GetItem", "PutItem", "Query", "UpdateItem"},
	"CultivosFunction":         {"BatchGetItem", "ConditionCheckItem", "DeleteItem", "GetItem", "PutItem", "Query", "UpdateItem"},
	"UploadsFunction":          {"GetItem", "PutItem", "UpdateItem"},
	"PostConfirmationFunction": {"BatchWriteItem", "GetItem", "PutItem", "UpdateItem"},
	// The data migrations (shared/migrations): the backfills read the profiles, ledger rows,
	// cultivos and posts with the one other Scan, offline, at deploy; the catalogue seed's
	// items are transactions.
	"MigrationsFunction": {"BatchGetItem", "BatchWriteItem", "GetItem", "PutItem", "Query", "Scan", "UpdateItem"},
	"RankingsFunction":   {"BatchGetItem", "GetItem", "PutItem", "Query", "UpdateItem"},
	"RemindersFunction":  {"BatchGetItem", "GetItem", "PutItem", "Query", "UpdateItem"},
	"AdminFunction":      {"BatchGetItem", "BatchWriteItem", "DeleteItem", "GetItem", "PutItem", "Query", "UpdateItem"},
	"AccountFunction":    {"BatchGetItem", "BatchWriteItem", "ConditionCheckItem", "DeleteItem", "GetItem", "PutItem", "Query", "UpdateItem"},
	"FeedFunction":       {"BatchGetItem", "ConditionCheckItem", "DeleteItem", "GetItem", "PutItem", "Query", "UpdateItem"},
	"MutiroesFunction":   {"BatchGetItem", "ConditionCheckItem", "DeleteItem", "GetItem", "PutItem", "Query", "UpdateItem"},
	// The export job's bulk offline read of an entity (a paged Scan filtered by type; no index
	// lists every item of an entity); never a request path. PutItem/UpdateItem: the export's
	// state and its notification; DeleteItem: its lock.
	"DadosJobFunction": {"DeleteItem", "GetItem", "PutItem", "Scan", "UpdateItem"},
	// The weekly digest: subscribers (GSI1), members' groups and their week of posts (Query),
	// profiles and choices (BatchGetItem), its progress and each member's taken digest (PutItem).
	"DigestFunction": {"BatchGetItem", "GetItem", "PutItem", "Query"},
	// The photos job: the released photos (Query, BatchWriteItem to forget them), the
	// unclaimed uploads (Query on GSI1, a conditional DeleteItem each).
	"PhotosJobFunction": {"BatchWriteItem", "DeleteItem", "Query"},
	// Pointers and snapshots written 25 a call; every read a Query or a key's.
	"ViewsJobFunction": {"BatchGetItem", "BatchWriteItem", "GetItem", "Query"},
}

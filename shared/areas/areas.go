// Package areas lists Verde's Lambda functions by their template.yaml
// LogicalId: what each serves, so the local cloud and the tests run exactly
// what is deployed.
package areas

import (
	"net/http"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/cultivos"
	"github.com/verde-app/verde/shared/api/feed"
	"github.com/verde-app/verde/shared/api/groups"
	"github.com/verde-app/verde/shared/api/lotes"
	"github.com/verde-app/verde/shared/api/me"
	"github.com/verde-app/verde/shared/api/notifications"
	"github.com/verde-app/verde/shared/api/uploads"
	"github.com/verde-app/verde/shared/app"
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
	"FeedFunction":          {New: feed.NewServer, Routes: feed.Routes},
}

// Triggers by LogicalId: each returns an aws-lambda-go handler function.
var Triggers = map[string]func(app.Deps) any{
	"PreSignUpFunction":        func(d app.Deps) any { return triggers.PreSignUp(d.Config.AutoConfirm, cognitoaccounts.Lazy()) },
	"PostConfirmationFunction": func(d app.Deps) any { return triggers.PostConfirmation(d) },
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
	"MeFunction":               {"GetItem", "PutItem", "UpdateItem"},
	"NotificationsFunction":    {"GetItem"},
	"GroupsFunction":           {"BatchGetItem", "BatchWriteItem", "ConditionCheckItem", "DeleteItem", "GetItem", "PutItem", "Query", "UpdateItem"},
	"LotesFunction":            {"BatchGetItem", "ConditionCheckItem", "DeleteItem", "GetItem", "PutItem", "Query", "UpdateItem"},
	"CultivosFunction":         {"BatchGetItem", "ConditionCheckItem", "DeleteItem", "GetItem", "PutItem", "Query", "UpdateItem"},
	"UploadsFunction":          {"GetItem", "UpdateItem"},
	"PostConfirmationFunction": {"GetItem", "PutItem"},
	"CatalogSeedFunction":      {"BatchGetItem", "BatchWriteItem", "GetItem", "PutItem", "Query"},
	"FeedFunction":             {"BatchGetItem", "ConditionCheckItem", "DeleteItem", "GetItem", "PutItem", "Query", "UpdateItem"},
}

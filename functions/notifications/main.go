// Command notifications is the NotificationsFunction Lambda.
package main

import (
	"context"

	"github.com/verde-app/verde/shared/api/notifications"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/lambdahttp"
)

func main() {
	lambdahttp.Start(notifications.NewServer(app.MustDeps(context.Background(), app.ConfigFromEnv())))
}

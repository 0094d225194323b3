// Command notifications is the NotificationsFunction Lambda.
package main

import (
	"github.com/verde-app/verde/shared/api/notifications"
	"github.com/verde-app/verde/shared/lambdahttp"
)

func main() {
	lambdahttp.ServeArea(notifications.NewServer)
}

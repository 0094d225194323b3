package lambdahttp

import (
	"context"
	"net/http"

	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/obs"
)

// ServeArea is an API area's Lambda main: JSON log lines (template.yaml LoggingConfig), the
// dependencies from the environment, each wire applied to them (e.g. cognitoadmin.Wire: a
// client the area needs besides the common ones, still made on first use), and the area's
// server behind the CloudFront origin check (only requests that came through CloudFront: see
// template.yaml OriginSecret).
func ServeArea(newServer func(app.Deps) http.Handler, wire ...func(*app.Deps)) {
	obs.Init()
	d := app.MustDeps(context.Background(), app.ConfigFromEnv())
	for _, w := range wire {
		w(&d)
	}
	Start(d.Origin.Require(newServer(d)))
}

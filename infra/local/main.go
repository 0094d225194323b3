// Command local runs Verde's local cloud: the whole product at http://localhost:8080 (PORT
// overrides; LOCAL_DATA_DIR moves its data from .local) with DynamoDB Local and cognito-local, no AWS account. Run it from the repository
// root with `go run ./infra/local` (or `make dev`, which also builds the SPA).
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"syscall"

	"github.com/verde-app/verde/infra/local/cloud"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Getenv, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "local cloud:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, getenv func(string) string, out io.Writer) error {
	port := 8080
	if p := getenv("PORT"); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n <= 0 {
			return fmt.Errorf("PORT=%q is not a port number", p)
		}
		port = n
	}
	// LOCAL_DATA_DIR keeps a second cloud (the browser tests) apart from .local.
	c, err := cloud.Start(ctx, cloud.Options{Port: port, Log: out, DataDir: getenv("LOCAL_DATA_DIR")})
	if err != nil {
		return err
	}
	defer c.Stop()
	fmt.Fprintf(out, `
Verde is running at %s
  demo admin       %s / %s
  demo admin TOTP  %s   (the admin's authenticator secret: add it to an app, or
                   otpauth://totp/Verde:admin?secret=<it>&issuer=Verde)
  Cognito (TLS)    %s   (for the Google button's hosted-UI flow: open it once
                   and accept the self-signed certificate; e-mail sign-in needs nothing)
  DynamoDB Local   %s   table %s
  cognito-local    %s   issuer %s
  S3 uploads       %s   bucket %s
  e-mails          %s   (the local mailbox: what Cognito and SES would send)
  data             %s   (kept across restarts; make reset-local wipes it)
Ctrl-C stops everything.
`, c.URL, c.AdminEmail, c.AdminPassword, c.AdminTOTPSecret, c.CognitoTLSEndpoint+"/health",
		c.DynamoEndpoint, c.TableName, c.CognitoEndpoint, c.Issuer, c.S3Endpoint, c.UploadsBucket, c.URL+cloud.MailboxPath, c.DataDir)
	if !c.SPABuilt() {
		fmt.Fprintln(out, "\nThe SPA is not built (spa/dist is missing): `make dev` builds it, or run `npm ci --prefix spa && npm run build --prefix spa`.")
	}
	if err := c.Wait(ctx); err != nil {
		return err
	}
	fmt.Fprintln(out, "\nlocal cloud: stopping…")
	return nil
}

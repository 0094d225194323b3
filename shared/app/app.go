// Package app wires Verde's dependencies from the environment; the functions'
// main packages and the local cloud both build their handlers through it.
package app

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/verde-app/verde/shared/auth"
	"github.com/verde-app/verde/shared/awsenv"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
	"github.com/verde-app/verde/shared/uploads"
)

// Config is what a function reads from its environment.
type Config struct {
	Region        string
	TableName     string
	UserPoolID    string
	ClientID      string
	Issuer        string
	UploadsBucket string
	// UploadsPublicEndpoint, set only locally, is where browsers reach the uploads bucket
	// (path-style, through the local cloud's origin); in AWS presigned URLs name the bucket's
	// own regional endpoint.
	UploadsPublicEndpoint string
	// CursorSecretID and OriginSecretID name Secrets Manager secrets (ARNs in AWS); their
	// values are read at first use, never placed in the environment.
	CursorSecretID string
	OriginSecretID string
	AutoConfirm    bool
	// SiteURL is the site's public origin, for links in e-mails and the link previews'
	// addresses (SITE_URL).
	SiteURL string
	// SpaBucket is the SPA's bucket, whose index.html the link previews are written into
	// (SPA_BUCKET; GroupsFunction only, shared/sitepage).
	SpaBucket string
}

// ConfigFromEnv reads the variables template.yaml sets.
func ConfigFromEnv() Config {
	return Config{
		Region:                os.Getenv("AWS_REGION"),
		TableName:             os.Getenv("TABLE_NAME"),
		UserPoolID:            os.Getenv("USER_POOL_ID"),
		ClientID:              os.Getenv("USER_POOL_CLIENT_ID"),
		Issuer:                os.Getenv("COGNITO_ISSUER"),
		UploadsBucket:         os.Getenv("UPLOADS_BUCKET"),
		UploadsPublicEndpoint: os.Getenv("UPLOADS_PUBLIC_ENDPOINT"),
		CursorSecretID:        os.Getenv("CURSOR_SECRET_ARN"),
		OriginSecretID:        os.Getenv("ORIGIN_SECRET_ARN"),
		AutoConfirm:           os.Getenv("AUTO_CONFIRM_SIGNUP") == "true",
		SiteURL:               os.Getenv("SITE_URL"),
		SpaBucket:             os.Getenv("SPA_BUCKET"),
	}
}

// Deps are the dependencies the API areas and triggers are made from.
//
// A function links and builds only what its routes use: every function gets the table, the
// token verifier, the user directory (Cognito's GetUser with the caller's own token, over
// HTTPS: no SDK client), its two secrets (read over HTTPS on first use), and the e-mail sender
// and link key (Mail, made on first use); the functions that administer Cognito accounts add the
// SDK's Cognito client with cognitoadmin.Wire, made on first use, the ones that use the uploads
// bucket its S3 client with bucket.Wire, and the photos job its CloudFront client
// (shared/photojob, from AWS). Invoking another function is one signed request (shared/invoke). No client reaches the network before a request
// needs it.
type Deps struct {
	Config Config
	// AWS is the function's SDK configuration (awsenv: region, role credentials, endpoints),
	// with the options NewDeps was given; clients wired later are made from it.
	AWS      aws.Config
	Store    *store.Store
	Verifier *auth.Verifier
	Users    auth.Directory
	Cursors  *CursorKeys
	// Origin refuses API requests that did not come through CloudFront (Lambda mains and the
	// local cloud wrap each API function's handler with Origin.Require).
	Origin *OriginCheck
	// Uploads is the uploads bucket (presigned PUTs, the account's photos, the admin exports),
	// given by bucket.Wire (shared/uploads/bucket) to the functions that use it; nil elsewhere.
	Uploads uploads.Bucket
	Now     func() time.Time
	// mail is made on the first Mail() (mail.go): only the functions that send or
	// unsubscribe link the sender.
	mail *lazyMail
	// DeletionSettle, when set, replaces how long an account deletion waits for the
	// requests admitted before it (api.RequestDeadline): tests shorten it.
	DeletionSettle time.Duration
}

// NewDeps builds Deps. Nothing here touches the network or reads a file: keys, secrets and
// tables are reached on first use, which keeps Lambda cold starts short. extra options (a call
// counter in tests) are applied to the SDK config.
func NewDeps(ctx context.Context, cfg Config, extra ...func(*aws.Config)) (Deps, error) {
	awsCfg := awsenv.Config()
	if cfg.Region != "" {
		awsCfg.Region = cfg.Region
	}
	for _, f := range extra {
		f(&awsCfg)
	}
	if cfg.TableName == "" {
		return Deps{}, fmt.Errorf("TABLE_NAME is not set")
	}
	users := auth.NewTokenDirectory(awsCfg.Region)
	d := Deps{
		Config: cfg,
		AWS:    awsCfg,
		Store:  store.New(awsenv.For(awsCfg, "DYNAMODB"), cfg.TableName),
		Users:  users,
		Now:    time.Now,
	}
	if cfg.Issuer != "" {
		// The verifier's key set fetches with this context for the life of the process.
		d.Verifier = auth.NewVerifier(context.WithoutCancel(ctx), cfg.Issuer, cfg.ClientID)
		d.Verifier.SetAccessCheck(accessOf(d.Store)) // the server's record of access (store/access.go)
		d.Verifier.SetTOTPCheck(users.HasTOTP)       // admins need TOTP MFA
	}
	secrets := secretsClient(awsCfg)
	d.Cursors = newCursorKeys(cfg.CursorSecretID, secrets)
	d.Origin = newOriginCheck(cfg.OriginSecretID, secrets)
	d.mail = &lazyMail{cfg: awsCfg, secrets: secrets}
	return d, nil
}

// MustDeps is NewDeps for main packages: a function that cannot wire itself cannot serve.
func MustDeps(ctx context.Context, cfg Config) Deps {
	d, err := NewDeps(ctx, cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "verde:", err)
		os.Exit(1)
	}
	return d
}

// ProfileFromCognito is the caller's initial profile, made from their Cognito
// attributes (read with their own access token) when they have none yet.
func (d Deps) ProfileFromCognito(ctx context.Context, c *auth.Claims) (domain.Profile, error) {
	attrs, err := d.Users.UserAttributes(ctx, c.Token)
	if err != nil {
		return domain.Profile{}, fmt.Errorf("read cognito attributes: %w", err)
	}
	p := domain.ProfileFromIdentity(c.Sub, attrs.Name, attrs.Email, attrs.Picture, d.Now())
	p.EmailVerificado = attrs.EmailVerified
	return p, nil
}

// EmailVerified asks Cognito whether the caller's e-mail is verified (one
// GetUser with their own access token).
func (d Deps) EmailVerified(ctx context.Context, c *auth.Claims) (bool, error) {
	attrs, err := d.Users.UserAttributes(ctx, c.Token)
	if err != nil {
		return false, fmt.Errorf("read cognito attributes: %w", err)
	}
	return attrs.EmailVerified, nil
}

// accessOf reads the store's access list for the auth middleware.
func accessOf(s *store.Store) auth.AccessCheck {
	return func(ctx context.Context, sub string) (auth.Access, error) {
		a, err := s.AccessOf(ctx, sub)
		return auth.Access{Disabled: a.Disabled, Admin: a.Admin, DeletingSince: a.DeletingSince, Deleted: a.Deleted}, err
	}
}

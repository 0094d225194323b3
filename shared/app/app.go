// Package app wires Verde's dependencies from the environment; the functions'
// main packages and the local cloud both build their handlers through it.
package app

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/auth"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// Config is what a function reads from its environment.
type Config struct {
	Region        string
	TableName     string
	UserPoolID    string
	ClientID      string
	Issuer        string
	UploadsBucket string
	CursorSecret  string
	AutoConfirm   bool
}

// ConfigFromEnv reads the variables template.yaml sets.
func ConfigFromEnv() Config {
	return Config{
		Region:        os.Getenv("AWS_REGION"),
		TableName:     os.Getenv("TABLE_NAME"),
		UserPoolID:    os.Getenv("USER_POOL_ID"),
		ClientID:      os.Getenv("USER_POOL_CLIENT_ID"),
		Issuer:        os.Getenv("COGNITO_ISSUER"),
		UploadsBucket: os.Getenv("UPLOADS_BUCKET"),
		CursorSecret:  os.Getenv("CURSOR_SECRET"),
		AutoConfirm:   os.Getenv("AUTO_CONFIRM_SIGNUP") == "true",
	}
}

// Deps are the dependencies the API areas and triggers are made from.
type Deps struct {
	Config   Config
	Store    *store.Store
	Verifier *auth.Verifier
	Users    auth.Directory
	Cursors  api.Cursors
	Now      func() time.Time
}

// NewDeps builds Deps. Nothing here touches the network: keys and tables are
// reached on first use, which keeps Lambda cold starts short. extra options
// (a call counter in tests) are applied to the SDK config.
func NewDeps(ctx context.Context, cfg Config, extra ...func(*aws.Config)) (Deps, error) {
	var opts []func(*config.LoadOptions) error
	if cfg.Region != "" {
		opts = append(opts, config.WithRegion(cfg.Region))
	}
	awsCfg, err := config.LoadDefaultConfig(ctx, opts...)
	if err != nil {
		return Deps{}, fmt.Errorf("load AWS config: %w", err)
	}
	for _, f := range extra {
		f(&awsCfg)
	}
	if cfg.TableName == "" {
		return Deps{}, fmt.Errorf("TABLE_NAME is not set")
	}
	d := Deps{
		Config: cfg,
		Store:  store.New(awsCfg, cfg.TableName),
		Users:  auth.CognitoDirectory{Client: cip.NewFromConfig(awsCfg)},
		Now:    time.Now,
	}
	if cfg.Issuer != "" {
		// The verifier's key set fetches with this context for the life of the process.
		d.Verifier = auth.NewVerifier(context.WithoutCancel(ctx), cfg.Issuer, cfg.ClientID)
	}
	if cfg.CursorSecret != "" {
		sum := sha256.Sum256([]byte(cfg.CursorSecret))
		d.Cursors = api.Cursors{Key: sum[:]}
	} else {
		// Still unforgeable, but a cursor made by one instance fails on another.
		slog.Warn("CURSOR_SECRET is not set: pagination cursors use a per-process key")
		key := make([]byte, 32)
		rand.Read(key)
		d.Cursors = api.Cursors{Key: key}
	}
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
	return domain.ProfileFromIdentity(c.Sub, attrs.Name, attrs.Email, attrs.Picture, d.Now()), nil
}
